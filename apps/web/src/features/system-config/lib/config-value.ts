import { SECRET_SET_SUFFIX } from '@nimbus/contract';

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A row's paramValue as an object; anything unreadable counts as empty (the form then starts blank). */
export function parseParamValue(text: string | undefined): JsonObject {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isJsonObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** True when the server says a write-only secret is stored (`<field>Set: true`). */
export function isSecretSet(value: JsonObject, field: string): boolean {
  return value[`${field}${SECRET_SET_SUFFIX}`] === true;
}

/** The stored value without the `<field>Set` flags of its secrets, ready to be merged and sent back. */
export function withoutSecretFlags(value: JsonObject, secrets: readonly string[]): JsonObject {
  const out = { ...value };
  for (const field of secrets) delete out[`${field}${SECRET_SET_SUFFIX}`];
  return out;
}

export const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value == null ? '' : String(value);
