import { MENU_TYPE_CONTAINER, type MenuNode } from '@nimbus/contract';
import { matchPath } from 'react-router';

/** One routed page of the console, generated from a view node of the server's menu. */
export interface ConsoleRoute {
  node: MenuNode;
  path: string;
  component: string;
  /** The node's ancestors then the node itself: the breadcrumb and the menu keys to open. */
  trail: MenuNode[];
}

export interface MenuTreeItem {
  node: MenuNode;
  children: MenuTreeItem[];
}

export const isContainer = (node: MenuNode): boolean => node.type === MENU_TYPE_CONTAINER;

/** Paths are compared without a trailing slash and with one leading slash. */
export function normalizePath(path: string): string {
  const trimmed = `/${path.trim().replace(/^\/+/, '')}`.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function trailOf(node: MenuNode, byId: Map<string, MenuNode>): MenuNode[] {
  const trail: MenuNode[] = [node];
  const seen = new Set([node.id]);
  let parent = node.parentId === null ? undefined : byId.get(node.parentId);
  while (parent && !seen.has(parent.id)) {
    trail.unshift(parent);
    seen.add(parent.id);
    parent = parent.parentId === null ? undefined : byId.get(parent.parentId);
  }
  return trail;
}

/**
 * Spec §2: type 0 is a container, any other type a view. Every view is routed, hidden ones
 * too (detail pages); the first node wins when the server lists a path twice.
 */
export function buildConsoleRoutes(nodes: readonly MenuNode[]): ConsoleRoute[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const seen = new Set<string>();
  const routes: ConsoleRoute[] = [];
  for (const node of nodes) {
    if (isContainer(node)) continue;
    const path = normalizePath(node.path);
    if (seen.has(path.toLowerCase())) continue;
    seen.add(path.toLowerCase());
    routes.push({ node, path, component: node.component, trail: trailOf(node, byId) });
  }
  return routes;
}

/** The menu as shown: hidden nodes left out, and containers that would be empty. */
export function buildMenuTree(nodes: readonly MenuNode[]): MenuTreeItem[] {
  const visible = nodes.filter((node) => !node.meta.hidden);
  const ids = new Set(visible.map((node) => node.id));
  const childrenOf = (parentId: string | null): MenuTreeItem[] =>
    visible
      .filter((node) =>
        parentId === null ? node.parentId === null || !ids.has(node.parentId) : node.parentId === parentId,
      )
      .map((node) => ({ node, children: isContainer(node) ? childrenOf(node.id) : [] }))
      .filter((item) => !isContainer(item.node) || item.children.length > 0);
  return childrenOf(null);
}

/** The route a location shows (paths may carry `:params`), or undefined for an unknown path. */
export function findRoute(routes: readonly ConsoleRoute[], pathname: string): ConsoleRoute | undefined {
  const wanted = normalizePath(pathname);
  return routes.find(
    (route) => matchPath({ path: route.path, caseSensitive: false, end: true }, wanted) !== null,
  );
}

/**
 * Routes for paths the shell links to itself (avatar entries) that the menu does not route:
 * they open the honest "not available yet" page under their own title.
 */
export function extraUnavailableRoutes(
  routes: readonly ConsoleRoute[],
  links: readonly { path: string; title: string }[],
): ConsoleRoute[] {
  return links
    .filter((link) => !findRoute(routes, link.path))
    .map((link) => {
      const node: MenuNode = {
        id: `shell:${link.path}`,
        parentId: null,
        type: 1,
        path: normalizePath(link.path),
        component: 'unavailable',
        meta: { title: link.title, hidden: true, available: false },
      };
      return { node, path: node.path, component: node.component, trail: [node] };
    });
}
