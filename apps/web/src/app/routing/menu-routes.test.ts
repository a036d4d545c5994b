import { MENU_TYPE_CONTAINER, MENU_TYPE_VIEW, type MenuNode } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import {
  buildConsoleRoutes,
  buildMenuTree,
  extraUnavailableRoutes,
  findRoute,
  normalizePath,
} from './menu-routes';

const node = (
  id: string,
  parentId: string | null,
  path: string,
  extra: Partial<MenuNode> = {},
): MenuNode => ({
  id,
  parentId,
  type: MENU_TYPE_VIEW,
  path,
  component: 'unavailable',
  ...extra,
  meta: { title: `menu.${id}`, hidden: false, available: true, ...extra.meta },
});
const container = (id: string, parentId: string | null, path: string): MenuNode =>
  node(id, parentId, path, { type: MENU_TYPE_CONTAINER, component: '' });

const MENU: MenuNode[] = [
  node('dashboard', null, '/cdn/dashboard', { component: 'dashboard' }),
  container('account', null, '/cdn/account'),
  node('info', 'account', '/cdn/account/info', { component: 'account/info' }),
  container('empty', null, '/cdn/empty'),
  container('site', null, '/cdn/site'),
  container('domain', 'site', '/cdn/site/domain'),
  node('list', 'domain', '/cdn/site/domain/list/'),
  node('message', null, '/cdn/message', { component: 'message/list' }),
  node('detail', null, 'cdn/message/detail', {
    component: 'message/detail',
    meta: { title: 'menu.detail', hidden: true, available: true, back: '/cdn/message' },
  }),
  node('dup', null, '/CDN/Dashboard', { component: 'unavailable' }),
  node('order', null, '/cdn/finance/order/:type'),
];

describe('buildConsoleRoutes', () => {
  const routes = buildConsoleRoutes(MENU);

  it('routes every view, hidden ones included, and no container', () => {
    expect(routes.map((r) => r.path)).toEqual([
      '/cdn/dashboard',
      '/cdn/account/info',
      '/cdn/site/domain/list',
      '/cdn/message',
      '/cdn/message/detail',
      '/cdn/finance/order/:type',
    ]);
  });

  it('keeps the first node when a path is listed twice (case-insensitively)', () => {
    expect(routes.find((r) => r.path === '/cdn/dashboard')?.component).toBe('dashboard');
  });

  it('gives each route its trail from the top container down to itself', () => {
    const list = routes.find((r) => r.path === '/cdn/site/domain/list');
    expect(list?.trail.map((n) => n.id)).toEqual(['site', 'domain', 'list']);
    expect(routes[0]?.trail.map((n) => n.id)).toEqual(['dashboard']);
  });

  it('survives a parent cycle instead of looping', () => {
    const cyclic = [node('a', 'b', '/a'), { ...container('b', 'a', '/b') }];
    expect(buildConsoleRoutes(cyclic)[0]?.trail.map((n) => n.id)).toEqual(['b', 'a']);
  });
});

describe('buildMenuTree', () => {
  it('leaves out hidden views and containers with nothing visible inside', () => {
    const tree = buildMenuTree(MENU);
    expect(tree.map((item) => item.node.id)).toEqual([
      'dashboard',
      'account',
      'site',
      'message',
      'dup',
      'order',
    ]);
    expect(tree[2]?.children[0]?.children.map((item) => item.node.id)).toEqual(['list']);
  });

  it('drops a container whose only child is hidden', () => {
    const tree = buildMenuTree([
      container('c', null, '/c'),
      node('h', 'c', '/c/h', { meta: { title: 't', hidden: true, available: true } }),
    ]);
    expect(tree).toEqual([]);
  });
});

describe('findRoute', () => {
  const routes = buildConsoleRoutes(MENU);

  it('matches exact paths, ignoring a trailing slash and case', () => {
    expect(findRoute(routes, '/cdn/message/')?.component).toBe('message/list');
    expect(findRoute(routes, '/CDN/MESSAGE/DETAIL')?.component).toBe('message/detail');
  });

  it('matches paths with parameters', () => {
    expect(findRoute(routes, '/cdn/finance/order/14')?.node.id).toBe('order');
  });

  it('answers undefined for an unknown or partial path', () => {
    expect(findRoute(routes, '/cdn/nowhere')).toBeUndefined();
    expect(findRoute(routes, '/cdn/message/detail/extra')).toBeUndefined();
    expect(findRoute(routes, '/cdn')).toBeUndefined();
  });
});

describe('extraUnavailableRoutes', () => {
  it('routes only links the menu does not route, as hidden unavailable pages', () => {
    const routes = buildConsoleRoutes(MENU);
    const extra = extraUnavailableRoutes(routes, [
      { path: '/cdn/account/info', title: 'avatar.personalCenter' },
      { path: '/cdn/plan/purchase', title: 'avatar.buyPlan' },
    ]);
    expect(extra).toHaveLength(1);
    expect(extra[0]).toMatchObject({ path: '/cdn/plan/purchase', component: 'unavailable' });
    expect(extra[0]?.node.meta).toMatchObject({ title: 'avatar.buyPlan', hidden: true, available: false });
  });
});

describe('normalizePath', () => {
  it.each([
    ['cdn/a', '/cdn/a'],
    ['/cdn/a/', '/cdn/a'],
    ['//cdn/a', '/cdn/a'],
    ['/', '/'],
    ['', '/'],
  ])('%s → %s', (input, output) => expect(normalizePath(input)).toBe(output));
});
