import {
  MAIL_HOST_PRESETS,
  MAIL_PASSWORD_DESTINATION_FIELDS,
  changedSecretDestination,
  type ConfigRecord,
  type ConfigUpdateRequest,
} from '@nimbus/contract';
import {
  asText,
  isJsonObject,
  isSecretSet,
  parseParamValue,
  withoutSecretFlags,
  type JsonObject,
} from '@/features/system-config/lib/config-value';

const SECRETS = ['password'] as const;
const IMPLICIT_TLS_PORT = 465;

/** The e-mail form: MAIL_CONFIG_KEY's fields, the `code` template, and the row status as "enabled". */
export interface MailFormValues {
  enabled: boolean;
  protocol: 'smtp';
  host: string;
  username: string;
  /** Write-only: always starts blank; blank on save keeps the stored one. */
  password: string;
  port: number | null;
  secure: boolean;
  templates: { code: { subject: string; content: string } };
}

export interface MailFormState {
  values: MailFormValues;
  /** A password is stored on the server (the field may be left blank). */
  passwordSet: boolean;
  /** The saved value, so fields this screen does not edit (other templates) survive a save. */
  stored: JsonObject;
}

function portOf(value: unknown): number | null {
  const port = typeof value === 'string' ? Number(value) : value;
  return typeof port === 'number' && Number.isInteger(port) && port > 0 ? port : null;
}

export function mailFormFromRecord(record: ConfigRecord | undefined): MailFormState {
  const stored = parseParamValue(record?.paramValue);
  const port = portOf(stored.port);
  const templates = isJsonObject(stored.templates) ? stored.templates : {};
  const code = isJsonObject(templates.code) ? templates.code : {};
  return {
    passwordSet: isSecretSet(stored, 'password'),
    stored,
    values: {
      enabled: record?.status === 1,
      protocol: 'smtp',
      host: asText(stored.host),
      username: asText(stored.username),
      password: '',
      port,
      // The contract's default when `secure` is absent: implicit TLS on 465.
      secure: typeof stored.secure === 'boolean' ? stored.secure : port === IMPLICIT_TLS_PORT,
      templates: { code: { subject: asText(code.subject), content: asText(code.content) } },
    },
  };
}

/** Where the password goes, as the update sends it: trimmed server and mailbox, the port as a number. */
function destinationAsSent(values: Pick<MailFormValues, 'host' | 'username' | 'port'>) {
  return { host: asText(values.host).trim(), username: asText(values.username).trim(), port: values.port };
}

export type MailPasswordDestination = (typeof MAIL_PASSWORD_DESTINATION_FIELDS)[number];

/**
 * The server, port or sender mailbox that differs from the stored one while the stored password
 * is left blank: the server refuses that save ('config.secretReentry'), so the form asks for the
 * password again first. Undefined when no password is stored or a new one is typed.
 */
export function passwordReentryField(
  state: Pick<MailFormState, 'passwordSet' | 'stored'>,
  values: Pick<MailFormValues, 'host' | 'username' | 'port' | 'password'>,
): MailPasswordDestination | undefined {
  if (!state.passwordSet || (values.password ?? '') !== '') return undefined;
  return changedSecretDestination(MAIL_PASSWORD_DESTINATION_FIELDS, destinationAsSent(values), state.stored);
}

/** The update for sys/config/update: the form over the stored value; a blank password keeps the stored one. */
export function mailUpdateRequest(
  record: ConfigRecord,
  stored: JsonObject,
  values: MailFormValues,
): ConfigUpdateRequest {
  const base = withoutSecretFlags(stored, SECRETS);
  const templates = isJsonObject(base.templates) ? base.templates : {};
  const paramValue = {
    ...base,
    protocol: values.protocol,
    ...destinationAsSent(values),
    password: values.password ?? '',
    secure: values.secure,
    templates: {
      ...templates,
      code: { subject: values.templates.code.subject.trim(), content: values.templates.code.content },
    },
  };
  return {
    id: record.id,
    paramKey: record.paramKey,
    remark: record.remark,
    paramValue: JSON.stringify(paramValue),
    status: values.enabled ? 1 : 0,
  };
}

export type MailPreset = (typeof MAIL_HOST_PRESETS)[number];

/** The preset whose host is typed in, if any (the preset picker follows the host field). */
export function presetForHost(host: string | undefined): MailPreset | undefined {
  const h = host?.trim().toLowerCase();
  return MAIL_HOST_PRESETS.find((preset) => preset.host === h);
}
