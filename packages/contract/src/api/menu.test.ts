import { describe, expect, it } from 'vitest';
import {
  filterMenu,
  MENU_TYPE_CONTAINER,
  MENU_TYPE_VIEW,
  type CustomFlag,
  type MenuNode,
  type MenuVisibilityContext,
} from './menu';

function node(
  id: string,
  parentId: string | null,
  path: string,
  extra: { container?: boolean; hidden?: boolean; customFlag?: CustomFlag } = {},
): MenuNode {
  return {
    id,
    parentId,
    type: extra.container ? MENU_TYPE_CONTAINER : MENU_TYPE_VIEW,
    path,
    component: extra.container ? '' : 'page',
    meta: {
      title: `menu.${id}`,
      hidden: extra.hidden ?? false,
      available: true,
      ...(extra.customFlag ? { customFlag: extra.customFlag } : {}),
    },
  };
}

// Containers: site, account, deep > inner (nested), tokens (one flagged child), empty (no child).
const TREE: MenuNode[] = [
  node('dashboard', null, '/cdn/dashboard'),
  node('site', null, '/cdn/site', { container: true }),
  node('list', 'site', '/cdn/site/domain/list'),
  node('rewrite', 'site', '/cdn/site/rewrite', { customFlag: 'rewrite' }),
  node('force', 'site', '/cdn/site/force', { customFlag: 'force' }),
  node('account', null, '/cdn/account', { container: true }),
  node('info', 'account', '/cdn/account/info'),
  node('verification', 'account', '/cdn/account/verification', { customFlag: 'verify' }),
  node('deep', null, '/deep', { container: true }),
  node('inner', 'deep', '/deep/inner', { container: true }),
  node('leaf', 'inner', '/deep/inner/leaf'),
  node('tokens', null, '/tokens', { container: true }),
  node('api-key', 'tokens', '/tokens/api-key', { customFlag: 'access-token' }),
  node('message', null, '/cdn/message'),
  node('message-detail', null, '/cdn/message/detail', { hidden: true }),
  node('empty', null, '/empty', { container: true }),
];

const ALL_ON: MenuVisibilityContext['customFlags'] = { rewrite: 1, verify: 1, force: 1, 'access-token': 1 };
const ids = (context: MenuVisibilityContext) => filterMenu(TREE, context).map((n) => n.id);
const EVERYTHING_BUT_EMPTY = TREE.map((n) => n.id).filter((id) => id !== 'empty');

describe('filterMenu', () => {
  it.each<[string, MenuVisibilityContext, string[]]>([
    [
      'all flags on, nothing blocked: only the empty container goes',
      { unvalidModel: [], customFlags: ALL_ON },
      EVERYTHING_BUT_EMPTY,
    ],
    [
      'a path in unvalidModel drops that view',
      { unvalidModel: ['/cdn/site/rewrite'], customFlags: ALL_ON },
      EVERYTHING_BUT_EMPTY.filter((id) => id !== 'rewrite'),
    ],
    [
      'a blocked container drops everything beneath it',
      { unvalidModel: ['/deep'], customFlags: ALL_ON },
      EVERYTHING_BUT_EMPTY.filter((id) => !['deep', 'inner', 'leaf'].includes(id)),
    ],
    [
      'a blocked nested container drops its parent when nothing else is left',
      { unvalidModel: ['/deep/inner'], customFlags: ALL_ON },
      EVERYTHING_BUT_EMPTY.filter((id) => !['deep', 'inner', 'leaf'].includes(id)),
    ],
    [
      'a blocked leaf empties both nested containers',
      { unvalidModel: ['/deep/inner/leaf'], customFlags: ALL_ON },
      EVERYTHING_BUT_EMPTY.filter((id) => !['deep', 'inner', 'leaf'].includes(id)),
    ],
    [
      'a flag at 0 drops its entry',
      { unvalidModel: [], customFlags: { ...ALL_ON, rewrite: 0 } },
      EVERYTHING_BUT_EMPTY.filter((id) => id !== 'rewrite'),
    ],
    [
      'a missing flag counts as off',
      { unvalidModel: [], customFlags: { rewrite: 1, force: 1, 'access-token': 1 } },
      EVERYTHING_BUT_EMPTY.filter((id) => id !== 'verification'),
    ],
    [
      'a negative flag is not greater than 0',
      { unvalidModel: [], customFlags: { ...ALL_ON, force: -1 } },
      EVERYTHING_BUT_EMPTY.filter((id) => id !== 'force'),
    ],
    [
      'a container whose only child depends on an off flag is dropped',
      { unvalidModel: [], customFlags: { ...ALL_ON, 'access-token': 0 } },
      EVERYTHING_BUT_EMPTY.filter((id) => !['tokens', 'api-key'].includes(id)),
    ],
    [
      'all flags off and the site views blocked: site goes, account keeps info',
      { unvalidModel: ['/cdn/site/domain/list'], customFlags: {} },
      EVERYTHING_BUT_EMPTY.filter(
        (id) => !['site', 'list', 'rewrite', 'force', 'verification', 'tokens', 'api-key'].includes(id),
      ),
    ],
    [
      'hidden views stay (routed, not listed)',
      { unvalidModel: ['/cdn/message'], customFlags: ALL_ON },
      EVERYTHING_BUT_EMPTY.filter((id) => id !== 'message'),
    ],
    [
      'a hidden view can still be blocked by path',
      { unvalidModel: ['/cdn/message/detail'], customFlags: ALL_ON },
      EVERYTHING_BUT_EMPTY.filter((id) => id !== 'message-detail'),
    ],
  ])('%s', (_name, context, expected) => {
    expect(ids(context)).toEqual(expected);
  });

  it('keeps the input order and does not change the nodes', () => {
    const before = JSON.parse(JSON.stringify(TREE)) as MenuNode[];
    const out = filterMenu(TREE, { unvalidModel: [], customFlags: ALL_ON });
    expect(TREE).toEqual(before);
    expect(out.map((n) => n.id)).toEqual(EVERYTHING_BUT_EMPTY);
    expect(out[0]).toBe(TREE[0]);
  });
});
