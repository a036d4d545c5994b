// Every table, for Drizzle's relational queries and drizzle-kit. Tables live beside their module.
export * from '../auth/auth.schema';
export * from '../audit/audit.schema';
export * from '../../modules/account/account.schema';
export * from '../../modules/config/config.schema';
export * from '../../modules/message/message.schema';
export * from '../../modules/edge/edge.schema';
export * from '../../modules/site/site.schema';
export * from '../../modules/purge/purge.schema';
export * from '../../modules/stream/stream.schema';
export * from '../../modules/certificate/certificate.schema';
export * from '../../modules/work-order/work-order.schema';
export * from '../../modules/finance/finance.schema';
export * from '../../modules/product/product.schema';
export * from '../../modules/order/order.schema';
export * from '../../modules/plan/plan.schema';
export * from '../../modules/verification/verification.schema';
