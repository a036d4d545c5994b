import {
  adminProductListRequestSchema,
  envelopeSchema,
  PRODUCT_PATHS,
  productAttrObjectSchema,
  productListRequestSchema,
  productPageSchema,
  productSaveRequestSchema,
  productSchema,
  productStatusRequestSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/auth/guards';
import type { AppContext } from '../../platform/context';
import { callerOf } from '../../platform/http/caller';
import { ok } from '../../platform/http/envelope';
import { productService } from './product.service';

/** Products and their attributes (contract api/product.ts). */
export async function productRoutes(api: FastifyInstance, ctx: AppContext) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const service = productService(ctx);
  const tags = ['product'];
  const customer = { onRequest: ctx.guards.customer };
  const admin = { onRequest: ctx.guards.admin };
  const page = { 200: envelopeSchema(productPageSchema) };
  const one = { 200: envelopeSchema(productSchema) };

  app.get(
    `/${PRODUCT_PATHS.attrObject}`,
    { ...customer, schema: { tags, response: { 200: envelopeSchema(productAttrObjectSchema) } } },
    async () => ok(service.attrObject()),
  );
  app.post(
    `/${PRODUCT_PATHS.list}`,
    { ...customer, schema: { tags, body: productListRequestSchema, response: page } },
    async (request) => ok(await service.onSale(request.body)),
  );
  app.post(
    `/${PRODUCT_PATHS.adminList}`,
    { ...admin, schema: { tags, body: adminProductListRequestSchema, response: page } },
    async (request) => ok(await service.adminList(request.body)),
  );
  app.post(
    `/${PRODUCT_PATHS.save}`,
    { ...admin, schema: { tags, body: productSaveRequestSchema, response: one } },
    async (request) =>
      ok(await service.save(principalOf(request, 'admin'), request.body, callerOf(request)), 'common.saved'),
  );
  app.post(
    `/${PRODUCT_PATHS.status}`,
    { ...admin, schema: { tags, body: productStatusRequestSchema, response: one } },
    async (request) =>
      ok(
        await service.setOnSale(
          principalOf(request, 'admin'),
          request.body.id,
          request.body.onSale,
          callerOf(request),
        ),
        'common.saved',
      ),
  );
}
