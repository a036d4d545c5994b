/**
 * Write-only secrets of system config values (ARCHITECTURE quality bar: provider keys never
 * leave the server). Reads blank a stored secret and add `<field>Set`; updates keep the stored
 * secret when the new one is '' or absent. Only top-level fields of a JSON object are secrets.
 */
import {
  NOTIFY_SECRET_DESTINATION_FIELDS,
  SECRET_SET_SUFFIX,
  changedSecretDestination,
  faceConfigDestinationFields,
  faceConfigSecretFields,
  isWebConfigSection,
  paymentDestinationFields,
  paymentSecretFields,
  type MessageKey,
} from '@nimbus/contract';
import type { MessageParams } from '../../platform/http/app-error';

/** Keys with a fixed shape: exactly these fields are secret. */
export const SECRET_FIELDS: Readonly<Record<string, readonly string[]>> = {
  MAIL_CONFIG_KEY: ['password'],
  SMS_CONFIG_KEY: ['secretkey'],
  ALIYUN_SMS_CONFIG_KEY: ['secretkey'],
  SMS_BAO: ['api_key'],
  CDN_NODECHECK_KEY: [],
  ...paymentSecretFields(),
  ...faceConfigSecretFields(),
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

/**
 * Fields that say where a key's secret goes. Changing one while leaving the secret blank
 * would send the stored secret somewhere new (an admin session could point SMTP at its own
 * server and collect the password), so the secret must then be entered again. The lists of
 * the notification keys are the contract's: the web forms apply the same rule before sending.
 */
export const SECRET_DESTINATION_FIELDS: Readonly<Record<string, readonly string[]>> = {
  ...NOTIFY_SECRET_DESTINATION_FIELDS,
  CDN_NODECHECK_KEY: [],
  ...paymentDestinationFields(),
  ...faceConfigDestinationFields(),
};

/** Keys whose shape is not fixed: a field named like an address is a destination. */
const DESTINATION_NAME = /url|uri|endpoint|host|addr|gateway|server|domain|port/i;

/** Secrets a key cannot work without: blank with nothing stored answers the spec §5 message. */
export const REQUIRED_SECRETS: Readonly<Record<string, Readonly<Record<string, MessageKey>>>> = {
  MAIL_CONFIG_KEY: { password: 'mail.passwordRequired' },
  SMS_CONFIG_KEY: { secretkey: 'sms.secretKeyRequired' },
  ALIYUN_SMS_CONFIG_KEY: { secretkey: 'sms.secretKeyRequired' },
  SMS_BAO: { api_key: 'sms.apiKeyRequired' },
};

function destinationFieldsOf(paramKey: string, incoming: JsonObject, stored: JsonObject): string[] {
  const fixed = SECRET_DESTINATION_FIELDS[paramKey];
  if (fixed) return [...fixed];
  const names = new Set([...Object.keys(incoming), ...Object.keys(stored)]);
  return [...names].filter((name) => DESTINATION_NAME.test(name) && !SECRET_NAME.test(name));
}

export interface SecretProblem {
  messageKey: MessageKey;
  params: MessageParams;
}

/**
 * Why `incoming` may not be stored as it is, if it may not: a required secret is blank with
 * none stored, or a secret left blank (keep the stored one) would go to a changed destination.
 * `incoming` is the normalised value, before `mergeSecrets`.
 */
export function secretProblem(
  paramKey: string,
  incoming: unknown,
  stored: unknown,
): SecretProblem | undefined {
  if (!isJsonObject(incoming)) return undefined;
  const before = isJsonObject(stored) ? stored : {};
  for (const field of secretFieldsOf(paramKey, incoming, stored)) {
    if (isSet(incoming[field])) continue;
    if (!isSet(before[field])) {
      const required = REQUIRED_SECRETS[paramKey]?.[field];
      if (required) return { messageKey: required, params: { field: { field, scope: paramKey } } };
      continue;
    }
    const moved = changedSecretDestination(destinationFieldsOf(paramKey, incoming, before), incoming, before);
    if (moved) {
      return {
        messageKey: 'config.secretReentry',
        params: { changed: { field: moved, scope: paramKey }, secret: { field, scope: paramKey } },
      };
    }
  }
  return undefined;
}
