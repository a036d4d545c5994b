import { Layout, theme } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import type { ConsoleRoute, MenuTreeItem } from '@/app/routing/menu-routes';
import { MobileBanner } from '@/app/session/MobileBanner';
import { PublicUrlBanner } from '@/app/session/PublicUrlBanner';
import { ReadOnlyBanner } from '@/app/session/ReadOnlyBanner';
import { RealNameGate } from '@/app/session/RealNameGate';
import { useViewportLayout } from '@/features/layout/hooks/useViewportLayout';
import { SIDER_COLLAPSED_WIDTH, SIDER_WIDTH } from '@/features/layout/lib/breakpoints';
import type { CurrentUser } from '@/shared/auth/useCurrentUser';
import { lazyNamed } from '@/shared/lazy/lazy-page';
import { MountWhenOpened } from '@/shared/lazy/MountWhenOpened';
import { useThemeSettings } from '@/shared/settings/theme-settings';
import { AppFooter } from './AppFooter';
import { AppHeader, HEADER_HEIGHT } from './AppHeader';
import { NavMenu } from './NavMenu';
import { PageBreadcrumb } from './PageBreadcrumb';
import { SiteBrand } from './SiteBrand';

interface Props {
  tree: MenuTreeItem[];
  current?: ConsoleRoute;
  user: CurrentUser;
  children: ReactNode;
}

// The settings drawer (colour picker, sliders, selects) and the phones' menu drawer load when
// first opened.
const ThemeDrawer = lazyNamed(() => import('./ThemeDrawer'), 'ThemeDrawer');
const MenuDrawer = lazyNamed(() => import('./MenuDrawer'), 'MenuDrawer');
/** Spec §2 Layout / §9: header, side or top menu (drawer on phones), breadcrumb, content, footer. */
export function ConsoleLayout({ tree, current, user, children }: Props) {
  const settings = useThemeSettings();
  const viewport = useViewportLayout();
  const { token } = theme.useToken();
  const [menuDrawerOpen, setMenuDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const closeMenuDrawer = useCallback(() => setMenuDrawerOpen(false), []);

  const top = settings.layoutMode === 'top';
  // In dark mode every area is dark already; the area themes apply to the light page.
  const asideDark = !settings.dark && settings.asideTheme === 'dark';
  const headerDark = !settings.dark && settings.headerTheme === 'dark';
  const compact = viewport.device === 'mobile';

  const brandBar = (collapsed: boolean, onDark: boolean) => (
    <div
      style={{
        height: HEADER_HEIGHT,
        padding: collapsed ? '0 19px' : '0 20px',
        display: 'flex',
        alignItems: 'center',
        overflow: 'hidden',
      }}
    >
      <SiteBrand onDark={onDark} showName={!collapsed} />
    </div>
  );

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {!top && !viewport.menuInDrawer && (
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsed={viewport.collapsed}
          trigger={null}
          theme={asideDark ? 'dark' : 'light'}
          style={{
            position: 'sticky',
            top: 0,
            height: '100vh',
            overflowY: 'auto',
            overflowX: 'hidden',
            borderInlineEnd: asideDark ? 'none' : `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          {brandBar(viewport.collapsed, asideDark || settings.dark)}
          <NavMenu
            tree={tree}
            current={current}
            mode="inline"
            theme={asideDark ? 'dark' : 'light'}
            collapsed={viewport.collapsed}
          />
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <AppHeader
          top={top}
          tree={tree}
          current={current}
          user={user}
          viewport={viewport}
          dark={headerDark}
          onOpenMenuDrawer={() => setMenuDrawerOpen(true)}
          onOpenSettings={() => setSettingsOpen(true)}
        />
        <Layout.Content style={{ padding: compact ? 12 : 24, minWidth: 0 }}>
          <ReadOnlyBanner />
          <PublicUrlBanner />
          <MobileBanner />
          <PageBreadcrumb current={current} />
          {children}
        </Layout.Content>
        <AppFooter />
      </Layout>
      {viewport.menuInDrawer && (
        <MountWhenOpened open={menuDrawerOpen}>
          <MenuDrawer open={menuDrawerOpen} onClose={closeMenuDrawer}>
            {brandBar(false, settings.dark)}
            <NavMenu tree={tree} current={current} mode="inline" theme="light" onNavigate={closeMenuDrawer} />
          </MenuDrawer>
        </MountWhenOpened>
      )}
      <MountWhenOpened open={settingsOpen}>
        <ThemeDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      </MountWhenOpened>
      <RealNameGate />
    </Layout>
  );
}
