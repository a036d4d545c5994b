import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Layout, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConsoleRoute, MenuTreeItem } from '@/app/routing/menu-routes';
import type { ViewportLayout } from '@/features/layout/lib/breakpoints';
import type { CurrentUser } from '@/shared/auth/useCurrentUser';
import { useThemeSettings } from '@/shared/settings/theme-settings';
import { AvatarMenu } from './AvatarMenu';
import { HeaderActions } from './HeaderActions';
import { NavMenu } from './NavMenu';
import { SiteBrand } from './SiteBrand';

export const HEADER_HEIGHT = 56;
const DARK_AREA_BG = '#001529';

interface Props {
  /** Top-bar layout: the brand and the menu sit in the header. */
  top: boolean;
  tree: MenuTreeItem[];
  current?: ConsoleRoute;
  user: CurrentUser;
  viewport: ViewportLayout & { toggleCollapsed: () => void };
  /** The header is drawn dark while the page is light (theme drawer: header theme). */
  dark: boolean;
  onOpenMenuDrawer: () => void;
  onOpenSettings: () => void;
}

export function AppHeader({
  top,
  tree,
  current,
  user,
  viewport,
  dark,
  onOpenMenuDrawer,
  onOpenSettings,
}: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const pageDark = useThemeSettings().dark;
  const compact = viewport.device === 'mobile';
  const menuButton = viewport.menuInDrawer ? (
    <Button
      type="text"
      icon={<MenuOutlined />}
      aria-label={t('layout.openMenu')}
      onClick={onOpenMenuDrawer}
    />
  ) : top ? null : (
    <Button
      type="text"
      icon={viewport.collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
      aria-label={t(viewport.collapsed ? 'layout.expandMenu' : 'layout.collapseMenu')}
      onClick={viewport.toggleCollapsed}
    />
  );

  const header = (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 20,
        display: 'flex',
        alignItems: 'center',
        gap: compact ? 4 : 12,
        height: HEADER_HEIGHT,
        lineHeight: `${HEADER_HEIGHT}px`,
        padding: compact ? '0 8px' : '0 16px',
        background: dark ? DARK_AREA_BG : token.colorBgContainer,
        borderBottom: dark ? 'none' : `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {menuButton}
      {(top || viewport.menuInDrawer) && (
        <div
          style={{
            flex: top && !viewport.menuInDrawer ? '0 0 auto' : '1 1 auto',
            minWidth: 0,
            height: '100%',
          }}
        >
          <SiteBrand onDark={dark || pageDark} showName={!compact} />
        </div>
      )}
      {top && !viewport.menuInDrawer ? (
        <NavMenu tree={tree} current={current} mode="horizontal" theme={dark ? 'dark' : 'light'} />
      ) : (
        !viewport.menuInDrawer && <div style={{ flex: 1 }} />
      )}
      <HeaderActions compact={compact} onOpenSettings={onOpenSettings} />
      <AvatarMenu user={user} compact={compact} onDark={dark} />
    </Layout.Header>
  );

  return dark ? (
    <ConfigProvider
      theme={{ algorithm: theme.darkAlgorithm, components: { Menu: { darkItemBg: DARK_AREA_BG } } }}
    >
      {header}
    </ConfigProvider>
  ) : (
    header
  );
}
