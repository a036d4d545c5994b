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
import { badRequest, notFound } from '../../platform/http/app-error';
import type { Caller } from '../../platform/http/caller';
import { productRepository, type ProductFilter } from './product.repository';
import type { ProductRow } from './product.schema';
import { pageOf } from '../../platform/db/paging';
import {
  sslProductRepository,
  toSslProduct,
  type SslProductRow,
} from '../certificate/ssl-product.repository';

type Save = z.infer<typeof productSaveRequestSchema>;

type Audience = 'admin' | 'customer';

const toProduct = (row: ProductRow, ssl: SslProductRow | undefined, audience: Audience): Product => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  description: row.description,
  attrs: row.attrs,
  prices: row.prices,
  billingMode: row.billingMode,
  usagePriceCents: row.usagePriceCents,
  onSale: row.onSale,
  sort: row.sort,
  ssl: ssl ? toSslProduct(ssl, audience) : null,
  createtime: row.createdAt.toISOString(),
});

/** Products: the admins' catalogue and what customers may buy (contract api/product.ts). */
export function productService(ctx: Pick<AppContext, 'db' | 'audit' | 'secrets'>) {
  const repo = productRepository(ctx.db);

  async function page(
    filter: ProductFilter,
    query: { page: number; limit: number },
    audience: Audience,
  ): Promise<Page<Product>> {
    const { rows, total } = await repo.page(filter, query);
    const ssl = await sslProductRepository(ctx.db).byIds(
      rows.filter((r) => r.kind === 'ssl').map((r) => r.id),
    );
    return pageOf(
      rows.map((row) => toProduct(row, ssl.get(row.id), audience)),
      total,
      query,
    );
  }

  return {
    attrObject: (): ProductAttrObject => ({ productAttrObj: PRODUCT_ATTRS, productAttr: PRODUCT_ATTR_NAMES }),

    /** Customers see what is on sale only. */
    onSale: (query: ProductListQuery) => page({ kind: query.kind, onSale: true }, query, 'customer'),

    adminList: (query: AdminProductListQuery) =>
      page({ kind: query.kind, onSale: query.onSale, keyword: query.keyword }, query, 'admin'),

    /** Creates (no id) or edits a product; the change and its audit row in one transaction. */
    async save(admin: Principal, request: Save, caller: Caller): Promise<Product> {
      const { id, ssl, ...values } = request;
      return ctx.db.transaction(async (tx) => {
        const txRepo = productRepository(tx);
        const row = id === undefined ? await txRepo.create(values) : await txRepo.update(id, values);
        if (!row) throw notFound('product.notFound');
        const sslRepo = sslProductRepository(tx);
        if (ssl) {
          await sslRepo.save(row.id, ssl, ctx.secrets);
          // An edit may leave the HMAC key blank only when one is stored.
          if (ssl.ca === 'paid' && !(await sslRepo.byId(row.id))?.eabHmacSealed)
            throw badRequest('validation.required', { field: { field: 'eabHmacKey' } });
        }
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
        return toProduct(row, await sslRepo.byId(row.id), 'admin');
      });
    },

    async setOnSale(admin: Principal, id: number, onSale: boolean, caller: Caller): Promise<Product> {
      return ctx.db.transaction(async (tx) => {
        const row = await productRepository(tx).update(id, { onSale });
        if (!row) throw notFound('product.notFound');
        const ssl = await sslProductRepository(tx).byId(row.id);
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
        return toProduct(row, ssl, 'admin');
      });
    },
  };
}
