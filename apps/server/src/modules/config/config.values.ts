import { nodeCheckConfigSchema, ORIGIN_POLICY_KEY, originPolicySchema } from '@nimbus/contract';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** Records whose value has rules of its own (spec §5), whichever screen or call stores them. */
const VALUE_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  CDN_NODECHECK_KEY: nodeCheckConfigSchema,
  [ORIGIN_POLICY_KEY]: originPolicySchema,
};

/**
 * The value as its schema reads it (trimmed, numbers as numbers). A value that breaks a rule is
 * refused the way a request body is: the first problem, naming the field, in the user's
 * language (the error handler reads `validation`).
 */
export function checkedValue(paramKey: string, value: unknown): unknown {
  const schema = VALUE_SCHEMAS[paramKey];
  if (!schema) return value;
  // Fastify's compiler API (synchronous here): the same errors a request body would raise.
  const check = validatorCompiler({ schema, method: 'POST', url: '', httpPart: 'body' });
  const result = check(value) as { error?: unknown[]; value?: unknown };
  if (result.error)
    throw Object.assign(new Error(`invalid value for ${paramKey}`), { validation: result.error });
  return result.value;
}
