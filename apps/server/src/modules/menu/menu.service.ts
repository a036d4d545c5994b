import { filterMenu, type MenuNode } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { customers } from '../account/account.schema';
import { buildWebConfig } from '../web-config/web-config.service';
import { MENU_TREES } from './menu.trees';

type Product = 'cdn' | 'dns';

/** unvalidModel entries may be written with or without the leading slash. */
export function normalizePaths(paths: readonly string[]): string[] {
  return paths
    .filter((p) => typeof p === 'string' && p.trim())
    .map((p) => (p.startsWith('/') ? p.trim() : `/${p.trim()}`));
}

export function menuService(db: Db) {
  async function customFlags() {
    return (await buildWebConfig(db)).custom;
  }

  return {
    async forCustomer(customerId: number, product: Product): Promise<MenuNode[]> {
      const [row] = await db
        .select({ unvalidModel: customers.unvalidModel })
        .from(customers)
        .where(eq(customers.id, customerId));
      const tree = MENU_TREES[product === 'dns' ? 'dns-user' : 'cdn-user'];
      return filterMenu(tree, {
        unvalidModel: normalizePaths(row?.unvalidModel ?? []),
        customFlags: await customFlags(),
      });
    },

    async forAdmin(product: Product): Promise<MenuNode[]> {
      const tree = MENU_TREES[product === 'dns' ? 'dns-admin' : 'cdn-admin'];
      return filterMenu(tree, { unvalidModel: [], customFlags: await customFlags() });
    },
  };
}
