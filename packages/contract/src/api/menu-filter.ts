import type { MenuNode } from './menu';

// Menu constants and filtering without zod: the shell uses them on every console.

/** Feature flags from web config `custom` that menu entries may depend on (spec §2). */
export const CUSTOM_FLAGS = ['rewrite', 'verify', 'force', 'access-token'] as const;
export type CustomFlag = (typeof CUSTOM_FLAGS)[number];

export const MENU_TYPE_CONTAINER = 0;
export const MENU_TYPE_VIEW = 1;

export interface MenuVisibilityContext {
  unvalidModel: readonly string[];
  customFlags: Partial<Record<CustomFlag, number>>;
}

/** Spec §2: what the user's unvalidModel names, or what depends on a custom flag that is not above 0, is not shown. */
export function isTurnedOff(
  entry: { path: string; customFlag?: CustomFlag },
  context: MenuVisibilityContext,
): boolean {
  if (context.unvalidModel.includes(entry.path)) return true;
  return entry.customFlag !== undefined && !((context.customFlags[entry.customFlag] ?? 0) > 0);
}

/**
 * Spec §2: a node is dropped when its path is in the user's unvalidModel or its custom flag is
 * not greater than 0; a container left with no children is dropped too. `hidden` nodes stay
 * (they are routed, just not listed in the menu).
 */
export function filterMenu(nodes: readonly MenuNode[], context: MenuVisibilityContext): MenuNode[] {
  const kept = nodes.filter(
    (node) => !isTurnedOff({ path: node.path, customFlag: node.meta.customFlag }, context),
  );
  // Drop nodes under a dropped ancestor, then containers with no remaining view beneath.
  const byId = new Map(kept.map((n) => [n.id, n]));
  const reachable = (node: MenuNode): boolean =>
    node.parentId === null || (byId.has(node.parentId) && reachable(byId.get(node.parentId)!));
  const rooted = kept.filter(reachable);
  const hasChildView = (id: string): boolean =>
    rooted.some((n) => n.parentId === id && (n.type !== MENU_TYPE_CONTAINER || hasChildView(n.id)));
  return rooted.filter((n) => n.type !== MENU_TYPE_CONTAINER || hasChildView(n.id));
}
