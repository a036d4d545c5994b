// Every table, for Drizzle's relational queries and drizzle-kit. Tables live beside their module.
export * from '../auth/auth.schema';
export * from '../audit/audit.schema';
export * from '../../modules/account/account.schema';
export * from '../../modules/config/config.schema';
export * from '../../modules/message/message.schema';
