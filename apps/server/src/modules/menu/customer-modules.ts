import { MENU_TYPE_CONTAINER, type CustomerModule, type MenuNode } from '@nimbus/contract';
import { MENU_TREES } from './menu.trees';

function modulesOf(tree: readonly MenuNode[], console: CustomerModule['console']): CustomerModule[] {
  const titleOf = new Map(tree.map((node) => [node.id, node.meta.title]));
  return tree
    .filter((node) => node.type !== MENU_TYPE_CONTAINER && !node.meta.hidden)
    .map((node) => ({
      path: node.path,
      title: node.meta.title,
      group: node.parentId === null ? null : (titleOf.get(node.parentId) ?? null),
      console,
    }));
}

/**
 * The entries of the two customer consoles' menus an admin may hide from one customer
 * (spec §2 unvalidModel): every visible page, in menu order.
 */
export const CUSTOMER_MODULES: readonly CustomerModule[] = [
  ...modulesOf(MENU_TREES['cdn-user'], 'cdn'),
  ...modulesOf(MENU_TREES['dns-user'], 'dns'),
];

export const CUSTOMER_MODULE_PATHS: ReadonlySet<string> = new Set(CUSTOMER_MODULES.map((m) => m.path));
