/**
 * Write-only secrets of system config values (ARCHITECTURE quality bar: provider keys never
 * leave the server). Reads blank a stored secret and add `<field>Set`; updates keep the stored
 * secret when the new one is '' or absent. Only top-level fields of a JSON object are secrets.
 */
import { SECRET_SET_SUFFIX, isWebConfigSection } from '@nimbus/contract';

/** Keys with a fixed shape: exactly these fields are secret. */
export const SECRET_FIELDS: Readonly<Record<string, readonly string[]>> = {
  MAIL_CONFIG_KEY: ['password'],
  SMS_CONFIG_KEY: ['secretkey'],
  ALIYUN_SMS_CONFIG_KEY: ['secretkey'],
  SMS_BAO: ['api_key'],
  CDN_NODECHECK_KEY: [],
};

/**
 * Keys whose shape is not fixed yet (payment, certification and WeChat login providers, and
 * keys an admin adds): any field whose name looks like a credential is treated as secret.
 */
const SECRET_NAME =
  /secret|passw|private|api_?key|apikey|token|sign_?key|mch_?key|app_?key|certkey|cert_key/i;

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The secret fields of `value` under `paramKey` (registered ones even when absent). */
export function secretFieldsOf(paramKey: string, ...values: unknown[]): string[] {
  if (isWebConfigSection(paramKey)) return [];
  const fixed = SECRET_FIELDS[paramKey];
  if (fixed) return [...fixed];
  const names = new Set<string>();
  for (const value of values) {
    if (!isJsonObject(value)) continue;
    for (const name of Object.keys(value)) {
      if (!name.endsWith(SECRET_SET_SUFFIX) && SECRET_NAME.test(name)) names.add(name);
    }
  }
  return [...names];
}

const isSet = (v: unknown) => v !== undefined && v !== null && v !== '';

/** What a read shows: each secret '' plus `<field>Set` telling whether one is stored. */
export function redactSecrets(paramKey: string, value: unknown): unknown {
  if (!isJsonObject(value)) return value;
  const fields = secretFieldsOf(paramKey, value);
  if (fields.length === 0) return value;
  const out: JsonObject = { ...value };
  for (const field of fields) {
    out[`${field}${SECRET_SET_SUFFIX}`] = isSet(value[field]);
    out[field] = '';
  }
  return out;
}

/** Redacts a paramValue JSON text (invalid JSON is returned untouched: there is nothing to parse). */
export function redactParamValue(paramKey: string, paramValue: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(paramValue);
  } catch {
    return paramValue;
  }
  return isJsonObject(parsed) ? JSON.stringify(redactSecrets(paramKey, parsed)) : paramValue;
}

/**
 * The value to store: secrets that are '' or absent in `incoming` keep the stored one, and the
 * `<field>Set` flags a form read back are dropped.
 */
export function mergeSecrets(paramKey: string, incoming: unknown, stored: unknown): unknown {
  if (!isJsonObject(incoming)) return incoming;
  const fields = secretFieldsOf(paramKey, incoming, stored);
  const out: JsonObject = { ...incoming };
  for (const field of fields) {
    delete out[`${field}${SECRET_SET_SUFFIX}`];
    if (!isSet(out[field]) && isJsonObject(stored) && isSet(stored[field])) out[field] = stored[field];
  }
  return out;
}
