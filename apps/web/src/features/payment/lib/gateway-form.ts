import {
  changedSecretDestination,
  PAYMENT_CONFIG,
  paymentDestinationFields,
  type ConfigRecord,
  type ConfigUpdateRequest,
  type PaymentGatewayName,
} from '@nimbus/contract';
import {
  asText,
  isSecretSet,
  parseParamValue,
  withoutSecretFlags,
  type JsonObject,
} from '@/features/system-config/lib/config-value';
import type { IssueLike, SchemaLike } from '@/shared/forms/zod-rules';

/** How a configuration field is edited. */
export type FieldKind = 'text' | 'textarea' | 'secret' | 'secretText' | 'number' | 'flag' | 'select';

type ProbeIssue = IssueLike & { expected?: string; values?: unknown[] };
/** The part of a zod field schema the form reads (structural: the web does not import zod). */
interface FieldSchema extends SchemaLike {
  safeParse(
    value: unknown,
  ): { success: true; data?: unknown } | { success: false; error: { issues: readonly ProbeIssue[] } };
}

export interface GatewayField {
  name: string;
  kind: FieldKind;
  secret: boolean;
  schema: FieldSchema;
  /** The schema's default (a gateway's documented production endpoint), if it has one. */
  defaultValue: unknown;
  options?: string[];
}

/** The gateways whose configuration the contract registers (PAYMENT_CONFIG), in its order. */
export const registeredGateways = (): PaymentGatewayName[] =>
  (Object.keys(PAYMENT_CONFIG) as PaymentGatewayName[]).filter((name) => PAYMENT_CONFIG[name]);

/** A field's kind, read from what its schema refuses (a symbol is no valid value of any kind). */
function kindOf(name: string, schema: FieldSchema, secret: boolean): Omit<GatewayField, 'name' | 'schema'> {
  const result = schema.safeParse(Symbol('probe'));
  const issue = result.success ? undefined : result.error.issues[0];
  const base = { secret, defaultValue: defaultOf(schema) };
  if (issue?.expected === 'number') return { ...base, kind: 'number' };
  if (issue?.expected === 'boolean') return { ...base, kind: 'flag' };
  if (issue?.code === 'invalid_value' && Array.isArray(issue.values))
    return { ...base, kind: 'select', options: issue.values.map(String) };
  // PEM keys and certificates are long, multi-line texts.
  if (secret) return { ...base, kind: /privateKey/i.test(name) ? 'secretText' : 'secret' };
  return { ...base, kind: /Key/.test(name) || /pem|cert/i.test(name) ? 'textarea' : 'text' };
}

function defaultOf(schema: FieldSchema): unknown {
  const result = schema.safeParse(undefined);
  return result.success ? result.data : undefined;
}

/** One field per key of the gateway's configuration schema, in the schema's order. */
export function gatewayFields(gateway: PaymentGatewayName): GatewayField[] {
  const entry = PAYMENT_CONFIG[gateway];
  if (!entry) return [];
  const shape = (entry.schema as unknown as { shape?: Record<string, FieldSchema> }).shape ?? {};
  return Object.entries(shape).map(([name, schema]) => ({
    name,
    schema,
    ...kindOf(name, schema, entry.secretFields.includes(name)),
  }));
}

export interface GatewayFormState {
  /** `enabled` (the row's status) and one value per field; secrets start blank (write-only). */
  values: Record<string, unknown>;
  stored: JsonObject;
  /** Secret fields the server says are stored. */
  secretSet: Record<string, boolean>;
}

export function gatewayFormOf(fields: readonly GatewayField[], record: ConfigRecord): GatewayFormState {
  const stored = parseParamValue(record.paramValue);
  const values: Record<string, unknown> = { enabled: record.status === 1 };
  const secretSet: Record<string, boolean> = {};
  for (const field of fields) {
    const value = stored[field.name] ?? field.defaultValue;
    if (field.secret) secretSet[field.name] = isSecretSet(stored, field.name);
    if (field.secret) values[field.name] = '';
    else if (field.kind === 'flag') values[field.name] = value === true;
    else if (field.kind === 'number') values[field.name] = typeof value === 'number' ? value : undefined;
    else values[field.name] = asText(value);
  }
  return { values, stored, secretSet };
}

/** The fields as the update sends them: trimmed text ('' for a secret keeps the stored one). */
function fieldsAsSent(fields: readonly GatewayField[], values: Record<string, unknown>): JsonObject {
  return Object.fromEntries(
    fields.map((field) => {
      const value = values[field.name];
      if (field.kind === 'flag') return [field.name, value === true];
      if (field.kind === 'number') return [field.name, typeof value === 'number' ? value : undefined];
      return [field.name, asText(value).trim()];
    }),
  );
}

/** sys/config/update for the gateway's row: the fields over the stored value, status from the switch. */
export function gatewayUpdateRequest(
  record: ConfigRecord,
  fields: readonly GatewayField[],
  state: GatewayFormState,
  values: Record<string, unknown>,
): ConfigUpdateRequest {
  const secrets = fields.filter((field) => field.secret).map((field) => field.name);
  const paramValue = { ...withoutSecretFlags(state.stored, secrets), ...fieldsAsSent(fields, values) };
  return {
    id: record.id,
    paramKey: record.paramKey,
    remark: record.remark,
    status: values.enabled ? 1 : 0,
    paramValue: JSON.stringify(paramValue),
  };
}

/**
 * The field saying where a stored secret goes (the endpoint) that changed while the secret is
 * left blank: the server refuses that save ('config.secretReentry'), so the form asks first.
 */
export function reentryField(
  configKey: string,
  fields: readonly GatewayField[],
  state: GatewayFormState,
  values: Record<string, unknown>,
  secret: string,
): string | undefined {
  const sent = { ...state.stored, ...fieldsAsSent(fields, values) };
  if (!state.secretSet[secret] || sent[secret] !== '') return undefined;
  return changedSecretDestination(paymentDestinationFields()[configKey] ?? [], sent, state.stored);
}
