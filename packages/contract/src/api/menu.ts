import { z } from 'zod';

/** Feature flags from web config `custom` that menu entries may depend on (spec §2). */
export const CUSTOM_FLAGS = ['rewrite', 'verify', 'force', 'access-token'] as const;
export type CustomFlag = (typeof CUSTOM_FLAGS)[number];

export const MENU_TYPE_CONTAINER = 0;
export const MENU_TYPE_VIEW = 1;

export const menuMetaSchema = z.object({
  /** i18n key of the title (web translates it; page title = this + site title). */
  title: z.string(),
  icon: z.string().optional(),
  /** Routed but not shown in the menu (detail pages, wizard steps). */
  hidden: z.boolean().default(false),
  /** Accepts a `token` query parameter (admin "log in as this customer"). */
  allowAdmin: z.boolean().optional(),
  /** Needs a bound mobile when power.bindMobile is 1. */
  bindMobile: z.boolean().optional(),
  /** Shown only when web config custom[flag] > 0. */
  customFlag: z.enum(CUSTOM_FLAGS).optional(),
  /** Where the breadcrumb's back link goes. */
  back: z.string().optional(),
  /** False when the area's back end comes in a later issue: the page says so honestly. */
  available: z.boolean().default(true),
});

export const menuNodeSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  /** 0 container, any other value a view. */
  type: z.number().int(),
  /** Full path inside the console, e.g. /cdn/message. Containers have a path prefix. */
  path: z.string(),
  /** Key of the page in the web's page registry; empty for containers. */
  component: z.string(),
  meta: menuMetaSchema,
});
export type MenuNode = z.infer<typeof menuNodeSchema>;

export const menuQuerySchema = z.object({ product: z.enum(['cdn', 'dns']).default('cdn') });

/** GET app/menu/nav?product= (customer) and GET sys/menu/nav?product= (admin): a flat list in display order. */
export const menuNavResponseSchema = z.object({ list: z.array(menuNodeSchema) });

export interface MenuVisibilityContext {
  unvalidModel: readonly string[];
  customFlags: Partial<Record<CustomFlag, number>>;
}

/**
 * Spec §2: a node is dropped when its path is in the user's unvalidModel or its custom flag is
 * not greater than 0; a container left with no children is dropped too. `hidden` nodes stay
 * (they are routed, just not listed in the menu).
 */
export function filterMenu(nodes: readonly MenuNode[], context: MenuVisibilityContext): MenuNode[] {
  const blocked = new Set(context.unvalidModel);
  const kept = nodes.filter((node) => {
    if (blocked.has(node.path)) return false;
    if (node.meta.customFlag && !((context.customFlags[node.meta.customFlag] ?? 0) > 0)) return false;
    return true;
  });
  // Drop nodes under a dropped ancestor, then containers with no remaining view beneath.
  const byId = new Map(kept.map((n) => [n.id, n]));
  const reachable = (node: MenuNode): boolean =>
    node.parentId === null || (byId.has(node.parentId) && reachable(byId.get(node.parentId)!));
  const rooted = kept.filter(reachable);
  const hasChildView = (id: string): boolean =>
    rooted.some((n) => n.parentId === id && (n.type !== MENU_TYPE_CONTAINER || hasChildView(n.id)));
  return rooted.filter((n) => n.type !== MENU_TYPE_CONTAINER || hasChildView(n.id));
}
