// @vitest-environment jsdom
import { MENU_TYPE_VIEW, type MenuNode } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import type { ConsoleRoute } from '@/app/routing/menu-routes';
import { needsMobile } from './BindMobileGate';
import { needsRealName } from './RealNameGate';

const route = (bindMobile?: boolean): ConsoleRoute => {
  const node: MenuNode = {
    id: 'r',
    parentId: null,
    type: MENU_TYPE_VIEW,
    path: '/cdn/plan/purchase',
    component: 'unavailable',
    meta: { title: 'menu.planPurchase', hidden: false, available: true, bindMobile },
  };
  return { node, path: node.path, component: node.component, trail: [node] };
};

describe('needsRealName (spec §6)', () => {
  it('asks only when power.realName is 1 and the customer is not verified (status other than 1)', () => {
    expect(needsRealName(1, 0, '/cdn/dashboard')).toBe(true);
    expect(needsRealName(0, 0, '/cdn/dashboard')).toBe(false);
    expect(needsRealName(1, 1, '/cdn/dashboard')).toBe(false);
    // A new account (2: never submitted) is as unverified as one under review (ADR 0040).
    expect(needsRealName(1, 2, '/cdn/dashboard')).toBe(true);
    expect(needsRealName(1, undefined, '/cdn/dashboard')).toBe(false);
  });

  it('is not shown on the verification page', () => {
    expect(needsRealName(1, 0, '/cdn/account/verification')).toBe(false);
    expect(needsRealName(1, 0, '/cdn/account/verification/')).toBe(false);
  });
});

describe('needsMobile (spec §6)', () => {
  it('asks on bindMobile routes when power.bindMobile is 1 and no mobile is set', () => {
    expect(needsMobile(route(true), 1, null)).toBe(true);
    expect(needsMobile(route(true), 1, '')).toBe(true);
    expect(needsMobile(route(true), 1, '13800000000')).toBe(false);
    expect(needsMobile(route(true), 0, null)).toBe(false);
    expect(needsMobile(route(false), 1, null)).toBe(false);
    expect(needsMobile(route(), 1, null)).toBe(false);
  });
});
