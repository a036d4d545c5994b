import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from '../index';
import { fieldLabel, isMessageKey } from './index';

/**
 * A validation answer names the field by the last segment of the offending path
 * (platform/http/validation-message.ts on the server): every field a request can carry needs a
 * human name in both languages, or Chinese users read raw keys.
 */

/** What the server validates: every request, query and params schema, and config values. */
function requestSchemas(): [string, z.ZodType][] {
  const named = Object.entries(contract).filter(
    ([name, value]) =>
      /(Request|Query|Params)Schema$/.test(name) && typeof value === 'object' && value !== null,
  ) as [string, z.ZodType][];
  const values = [
    ...Object.entries(contract.webSectionSchemas),
    ...Object.entries(contract.notifyConfigUpdateSchemas),
    ['smsConfigFormSchema', contract.smsConfigFormSchema],
  ] as [string, z.ZodType][];
  return [...named, ...values];
}

interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
}

/** Every object key anywhere in the schema. */
function fieldNames(schema: z.ZodType, into = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  if (seen.has(schema)) return into;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
  for (const [key, child] of Object.entries(def.shape ?? {})) {
    into.add(key);
    fieldNames(child, into, seen);
  }
  for (const child of [def.innerType, def.in, def.out, def.element, def.left, def.right, def.valueType])
    if (child) fieldNames(child, into, seen);
  for (const option of def.options ?? []) fieldNames(option, into, seen);
  return into;
}

describe('field labels', () => {
  const schemas = requestSchemas();

  it('finds the request schemas', () => {
    expect(schemas.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'loginRequestSchema',
        'messageListRequestSchema',
        'configUpdateRequestSchema',
        'customerListQuerySchema',
        'configIdParamsSchema',
        'basic',
        'MAIL_CONFIG_KEY',
      ]),
    );
  });

  it('every field a request can carry has a name in cn and en', () => {
    const missing = new Set<string>();
    for (const [, schema] of schemas)
      for (const name of fieldNames(schema)) if (!isMessageKey(`field.${name}`)) missing.add(name);
    expect([...missing].sort()).toEqual([]);
  });

  it('names the fields that used to answer with their raw key', () => {
    expect(fieldLabel('termsUrl', 'cn')).toBe('服务条款地址');
    expect(fieldLabel('sidx', 'en')).toBe('Sort field');
  });

  it('a scoped label wins over the common one, which is the fallback', () => {
    expect(fieldLabel('username', 'en', 'MAIL_CONFIG_KEY')).toBe('Sender mailbox');
    expect(fieldLabel('username', 'en', 'SMS_BAO')).toBe('Username');
    expect(fieldLabel('no_such_field', 'cn')).toBe('no_such_field');
  });
});
