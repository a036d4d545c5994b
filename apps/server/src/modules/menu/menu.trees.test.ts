import fs from 'node:fs';
import path from 'node:path';
import { filterMenu, MENU_TYPE_CONTAINER, menuNodeSchema, type MenuNode } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { MENU_TREES, type Console } from './menu.trees';

/**
 * The page registry's keys (the menu ↔ page contract), read from the web's registry itself so
 * the two cannot drift: the server may not import web code, but it can read the file.
 */
const registry = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../../../web/src/app/page-registry.ts'),
  'utf8',
);
const PAGE_KEYS = new Set(
  [...(/PAGE_FILES[^{]*\{([^}]*)\}/.exec(registry)?.[1] ?? '').matchAll(/^\s*'?([\w/-]+)'?:/gm)].map(
    (m) => m[1],
  ),
);

const i18nDir = path.resolve(import.meta.dirname, '../../../../web/src/features/menu/i18n');
const texts = (lang: string) =>
  (
    JSON.parse(fs.readFileSync(path.join(i18nDir, `${lang}.json`), 'utf8')) as {
      menu: Record<string, string>;
    }
  ).menu;
const consoles = Object.entries(MENU_TREES) as [Console, readonly MenuNode[]][];
const byPath = (tree: readonly MenuNode[], p: string) =>
  tree.find((n) => n.path === p && n.type !== MENU_TYPE_CONTAINER);

describe.each(consoles)('menu tree %s', (_name, tree) => {
  it('is valid, with unique ids and parents that exist and are containers', () => {
    for (const n of tree) expect(menuNodeSchema.parse(n)).toEqual(n);
    expect(new Set(tree.map((n) => n.id)).size).toBe(tree.length);
    for (const n of tree.filter((x) => x.parentId !== null)) {
      expect(tree.find((p) => p.id === n.parentId)?.type).toBe(MENU_TYPE_CONTAINER);
    }
  });

  it('names only pages of the registry; unavailable pages say so', () => {
    for (const n of tree.filter((x) => x.type !== MENU_TYPE_CONTAINER)) {
      expect(PAGE_KEYS.has(n.component), `${n.path}: ${n.component}`).toBe(true);
      expect(n.meta.available).toBe(n.component !== 'unavailable');
    }
  });

  it('has cn and en titles for every node', () => {
    const cn = texts('cn');
    const en = texts('en');
    for (const n of tree) {
      const key = n.meta.title.replace(/^menu\./, '');
      expect(n.meta.title.startsWith('menu.')).toBe(true);
      expect(cn[key], `cn ${n.meta.title}`).toBeTruthy();
      expect(en[key], `en ${n.meta.title}`).toBeTruthy();
    }
  });

  it('keeps every node when nothing is blocked and every flag is on', () => {
    const all = filterMenu(tree, {
      unvalidModel: [],
      customFlags: { rewrite: 1, verify: 1, force: 1, 'access-token': 1 },
    });
    expect(all).toHaveLength(tree.length);
  });
});

describe('menu trees follow the page contract', () => {
  it('CDN user', () => {
    const tree = MENU_TREES['cdn-user'];
    expect(byPath(tree, '/cdn/dashboard')?.component).toBe('dashboard');
    expect(byPath(tree, '/cdn/message')?.component).toBe('message/list');
    expect(byPath(tree, '/cdn/message/detail')?.meta.hidden).toBe(true);
    expect(byPath(tree, '/cdn/account/info')?.component).toBe('account/info');
    expect(byPath(tree, '/cdn/account/login-white-ip')?.component).toBe('account/login-white-ip');
    expect(byPath(tree, '/cdn/site/rewrite')?.meta.customFlag).toBe('rewrite');
    expect(byPath(tree, '/cdn/site/force')?.meta.customFlag).toBe('force');
    expect(byPath(tree, '/cdn/account/verification')?.meta.customFlag).toBe('verify');
    expect(byPath(tree, '/cdn/es/site')?.component).toBe('es/site');
    const available = tree
      .filter((n) => n.type !== MENU_TYPE_CONTAINER && n.meta.available)
      .map((n) => n.path);
    expect(available.sort()).toEqual([
      '/cdn/account/info',
      '/cdn/account/login-white-ip',
      '/cdn/account/verification',
      '/cdn/analysis/ontime',
      '/cdn/analysis/query/access',
      '/cdn/analysis/query/block',
      '/cdn/dashboard',
      '/cdn/es/site',
      '/cdn/es/top',
      '/cdn/finance/ledger',
      '/cdn/finance/order/14',
      '/cdn/finance/recharge',
      '/cdn/log/list',
      '/cdn/message',
      '/cdn/message/detail',
      '/cdn/plan/own/list',
      '/cdn/plan/prepaid',
      '/cdn/plan/purchase',
      '/cdn/plan/usage',
      '/cdn/plan/vas/list',
      '/cdn/site/bulk',
      '/cdn/site/cache-clear',
      '/cdn/site/certificate',
      '/cdn/site/dns',
      '/cdn/site/dns/record',
      '/cdn/site/domain/admin',
      '/cdn/site/domain/create',
      '/cdn/site/domain/group',
      '/cdn/site/domain/list',
      '/cdn/site/force',
      '/cdn/site/rewrite',
      '/cdn/stream',
      '/cdn/stream/es',
      '/cdn/stream/log',
      '/cdn/stream/top',
      '/cdn/work-order/list/detail',
      '/cdn/work-order/list/status',
      '/cdn/work-order/submit/step-1',
      '/cdn/work-order/submit/step-2',
      '/cdn/work-order/submit/step-3',
      '/payment/handoff/:outTradeNo/:totalAmount/:body',
      '/payment/order/:serialNumber',
      '/payment/purchase',
      '/payment/purchase/vas',
    ]);
  });

  it('DNS user', () => {
    const tree = MENU_TREES['dns-user'];
    expect(byPath(tree, '/dashboard')?.component).toBe('dashboard');
    expect(byPath(tree, '/api-key')?.meta.customFlag).toBe('access-token');
    expect(byPath(tree, '/api-key')?.component).toBe('dns/api-key');
    expect(byPath(tree, '/domain/list')?.component).toBe('dns/zone/list');
    expect(byPath(tree, '/record')?.component).toBe('dns/record');
    expect(byPath(tree, '/message/detail')?.component).toBe('message/detail');
    expect(tree.some((n) => n.path.startsWith('/cdn/'))).toBe(false);
  });

  it('DNS user: plans, orders, ledger, recharge and payment, without the CDN-only screens', () => {
    const tree = MENU_TREES['dns-user'];
    expect(byPath(tree, '/plan/purchase')?.component).toBe('plan/purchase');
    expect(byPath(tree, '/plan/own/list')?.component).toBe('plan/own');
    expect(byPath(tree, '/finance/order/14')?.component).toBe('finance/orders');
    expect(byPath(tree, '/finance/ledger')?.component).toBe('finance/ledger');
    expect(byPath(tree, '/finance/recharge')?.meta.bindMobile).toBe(true);
    expect(byPath(tree, '/payment/purchase')?.meta.back).toBe('/plan/own/list');
    expect(byPath(tree, '/payment/order/:serialNumber')?.meta.back).toBe('/finance/order/14');
    expect(byPath(tree, '/payment/handoff/:outTradeNo/:totalAmount/:body')?.component).toBe(
      'payment/handoff',
    );
    // Value-added services and usage add to CDN quotas: the DNS console has neither.
    expect(
      tree.some((n) => ['plan/vas', 'plan/usage', 'plan/prepaid', 'plan/vas/purchase'].includes(n.component)),
    ).toBe(false);
  });

  it('CDN and DNS admin', () => {
    const cdn = MENU_TREES['cdn-admin'];
    const dns = MENU_TREES['dns-admin'];
    expect(byPath(cdn, '/system/web-config')?.component).toBe('admin/web-config');
    expect(byPath(cdn, '/system/blocklist')?.component).toBe('admin/blocklist');
    expect(byPath(cdn, '/account/customers')?.component).toBe('admin/customers');
    expect(byPath(cdn, '/message/publish')?.component).toBe('admin/announcement/publish');
    expect(byPath(cdn, '/support/work-orders')?.component).toBe('admin/work-orders');
    expect(byPath(cdn, '/support/work-orders/detail')?.meta.hidden).toBe(true);
    expect(byPath(cdn, '/profile')?.meta.hidden).toBe(true);
    expect(byPath(cdn, '/authorization')).toBeUndefined();
    expect(byPath(dns, '/authorization')?.component).toBe('admin/authorization');
    expect(dns.filter((n) => n.path !== '/authorization').map((n) => n.id)).toEqual(cdn.map((n) => n.id));
  });
});
