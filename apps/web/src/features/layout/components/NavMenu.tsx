import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isContainer, type ConsoleRoute, type MenuTreeItem } from '@/app/routing/menu-routes';
import { hasMenuIcon, MenuIcon } from './menu-icons';

type Item = Required<MenuProps>['items'][number];

interface Props {
  tree: MenuTreeItem[];
  current?: ConsoleRoute;
  mode: 'inline' | 'horizontal';
  theme: 'light' | 'dark';
  collapsed?: boolean;
  /** Called after a view is chosen (the mobile drawer closes). */
  onNavigate?: () => void;
}

/** The key to highlight: the view itself, or for a hidden page (a detail) the page it goes back to. */
export function selectedKeyOf(current: ConsoleRoute | undefined): string | undefined {
  if (!current) return undefined;
  if (!current.node.meta.hidden) return current.path;
  return (
    current.node.meta.back ?? current.trail.findLast((node) => !node.meta.hidden && !isContainer(node))?.path
  );
}

/** The side or top menu built from the server's tree; titles are `menu.*` i18n keys. */
export function NavMenu({ tree, current, mode, theme, collapsed, onNavigate }: Props) {
  const { t } = useTranslation();
  const trailKeys = useMemo(
    () => (current?.trail ?? []).filter(isContainer).map((node) => node.id),
    [current],
  );
  const [openKeys, setOpenKeys] = useState<string[]>(trailKeys);
  useEffect(() => setOpenKeys((keys) => [...new Set([...keys, ...trailKeys])]), [trailKeys]);

  const items = useMemo(() => {
    const toItem = (item: MenuTreeItem, depth: number): Item => {
      const { node } = item;
      const icon =
        depth === 0 || hasMenuIcon(node.meta.icon) ? <MenuIcon name={node.meta.icon} /> : undefined;
      if (isContainer(node)) {
        return {
          key: node.id,
          icon,
          label: t(node.meta.title),
          children: item.children.map((c) => toItem(c, depth + 1)),
        };
      }
      return {
        key: node.path,
        icon,
        label: (
          <Link to={node.path} onClick={onNavigate}>
            {t(node.meta.title)}
          </Link>
        ),
      };
    };
    return tree.map((item) => toItem(item, 0));
  }, [tree, t, onNavigate]);

  const selected = selectedKeyOf(current);
  const inlineOpen = mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {};
  return (
    <Menu
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={selected ? [selected] : []}
      {...inlineOpen}
      style={
        mode === 'horizontal'
          ? { flex: 1, minWidth: 0, borderBottom: 'none', background: 'transparent' }
          : { borderInlineEnd: 'none' }
      }
    />
  );
}
