import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

/**
 * System config records (spec §3): paramValue is JSON text. Some ids are fixed by the spec
 * (SMS providers 26, 45, 46; node check 37), so seeds insert explicit ids.
 */
export const sysConfig = pgTable('sys_config', {
  id: serial('id').primaryKey(),
  paramKey: text('param_key').notNull().unique(),
  paramValue: text('param_value').notNull().default('{}'),
  remark: text('remark').notNull().default(''),
  /** 1 on, 0 off (feature switches by key read this). */
  status: integer('status').notNull().default(1),
});

export type SysConfigRow = typeof sysConfig.$inferSelect;
