import { z } from 'zod';
import { CUSTOM_FLAGS } from './menu-filter';

export * from './menu-filter';

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
