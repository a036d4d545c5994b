import {
  PRODUCT_ATTR_NAMES,
  PRODUCT_ATTRS,
  type AdminProductListQuery,
  type Page,
  type Product,
  type ProductAttrObject,
  type ProductListQuery,
  type productSaveRequestSchema,
} from '@nimbus/contract';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/session.service';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { productRepository, type ProductFilter } from './product.repository';
import type { ProductRow } from './product.schema';
import { pageOf } from '../../platform/db/paging';

type Save = z.infer<typeof productSaveRequestSchema>;

const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  description: row.description,
  attrs: row.attrs,
  prices: row.prices,
  billingMode: row.billingMode,
  onSale: row.onSale,
  sort: row.sort,
  createtime: row.createdAt.toISOString(),
});

/** Products: the admins' catalogue and what customers may buy (contract api/product.ts). */
export function productService(ctx: Pick<AppContext, 'db' | 'audit'>) {
  const repo = productRepository(ctx.db);

  async function page(filter: ProductFilter, query: { page: number; limit: number }): Promise<Page<Product>> {
    const { rows, total } = await repo.page(filter, query);
    return pageOf(rows.map(toProduct), total, query);
  }

  return {
    attrObject: (): ProductAttrObject => ({ productAttrObj: PRODUCT_ATTRS, productAttr: PRODUCT_ATTR_NAMES }),

    /** Customers see what is on sale only. */
    onSale: (query: ProductListQuery) => page({ kind: query.kind, onSale: true }, query),

    adminList: (query: AdminProductListQuery) =>
      page({ kind: query.kind, onSale: query.onSale, keyword: query.keyword }, query),

    /** Creates (no id) or edits a product; the change and its audit row in one transaction. */
    async save(admin: Principal, request: Save, caller: Caller): Promise<Product> {
      const { id, ...values } = request;
      return ctx.db.transaction(async (tx) => {
        const txRepo = productRepository(tx);
        const row = id === undefined ? await txRepo.create(values) : await txRepo.update(id, values);
        if (!row) throw notFound('product.notFound');
        await ctx.audit.record(
          admin,
          caller.ip,
          {
            action: id === undefined ? 'product.create' : 'product.update',
            target: `product:${row.id}`,
            detail: { name: row.name },
          },
          tx,
        );
        return toProduct(row);
      });
    },

    async setOnSale(admin: Principal, id: number, onSale: boolean, caller: Caller): Promise<Product> {
      return ctx.db.transaction(async (tx) => {
        const row = await productRepository(tx).update(id, { onSale });
        if (!row) throw notFound('product.notFound');
        await ctx.audit.record(
          admin,
          caller.ip,
          {
            action: onSale ? 'product.on_sale' : 'product.off_sale',
            target: `product:${row.id}`,
            detail: { name: row.name },
          },
          tx,
        );
        return toProduct(row);
      });
    },
  };
}
