import { z } from 'zod';
import { zHostname, zPort } from '../validators';

/*
 * HTTPDNS (spec §2 screen, §3 config, §4 status encoding, §5 rules, §7 calls). Admin token.
 *
 *   GET  sys/httpdns/config       → HttpdnsConfig (certKey and the apps' signKey always '', with *Set flags)
 *   POST sys/httpdns/config/save  HttpdnsSaveRequest → HttpdnsConfig
 *
 * The service itself listens on its own ports (HTTP, and HTTPS when status is 3) and answers
 * `GET /d?dn=<name>[&ip=<client ip>][&type=A|AAAA]` with what the authoritative PowerDNS gives
 * that client's line. `dn=` answers the plain text of Tencent's HTTPDNS (`ip1;ip2`, with `,ttl`
 * when `ttl=1`); `host=` answers Aliyun's JSON `{ host, ips, ttl, origin_ttl, client_ip }`;
 * `format=json|text` overrides either. With signStatus 1 a query must also carry `id` (an app's
 * id), `t` (expiry, Unix seconds) and `s = md5("<name>-<app key>-<t>")`, Aliyun's signing scheme.
 */
export const HTTPDNS_PATHS = {
  config: 'sys/httpdns/config',
  save: 'sys/httpdns/config/save',
} as const;

/** Spec §4: 0 off, 1 on with HTTP only, 3 on with HTTP and HTTPS. */
export const HTTPDNS_STATUS = { off: 0, http: 1, https: 3 } as const;
export type HttpdnsStatus = (typeof HTTPDNS_STATUS)[keyof typeof HTTPDNS_STATUS];

/** Spec §4 "Saving sends 0 if disabled, 1 if enabled without HTTPS, 3 if enabled with HTTPS." */
export function httpdnsStatusOf(enabled: boolean, https: boolean): HttpdnsStatus {
  if (!enabled) return HTTPDNS_STATUS.off;
  return https ? HTTPDNS_STATUS.https : HTTPDNS_STATUS.http;
}

/** The two switches of the screen from a stored status (anything unknown reads as off). */
export function httpdnsSwitchesOf(status: number): { enabled: boolean; https: boolean } {
  return { enabled: status === 1 || status === 3, https: status === 3 };
}

/** Signed requests: a key shorter than this is too easy to guess. */
export const HTTPDNS_SIGN_KEY_MIN = 16;
/** How far ahead a signed request's expiry `t` may lie (seconds): longer-lived links leak for longer. */
export const HTTPDNS_SIGN_MAX_AHEAD = 86_400;

const flag = () => z.union([z.literal(0), z.literal(1)], { error: 'validation.invalid' });
const pem = (max: number) => z.string({ error: 'validation.invalid' }).trim().max(max).default('');

/** Most apps an HTTPDNS config signs for. */
export const HTTPDNS_APPS_MAX = 50;

/**
 * An app allowed to sign requests: its `id` goes into the query (`id=`), its key signs. A new app
 * comes without an id (the server gives the next one); signKey '' keeps a stored app's key.
 */
export const httpdnsAppRequestSchema = z.object({
  id: z.number({ error: 'validation.invalid' }).int().min(1).max(1_000_000).optional(),
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .max(64),
  signKey: z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(128)
    .default('')
    .refine((key) => !key || key.length >= HTTPDNS_SIGN_KEY_MIN, {
      message: 'httpdns.signKeyShort',
      params: { min: HTTPDNS_SIGN_KEY_MIN },
    }),
});
export type HttpdnsAppRequest = z.input<typeof httpdnsAppRequestSchema>;

/**
 * Spec §5: HTTP port and domain always required; HTTPS port, certificate and key only when HTTPS is
 * on. certKey is write-only: '' keeps the stored one (the server refuses '' when none is stored).
 * httpsStatus may be sent (the older screen does) but must agree with status. With signStatus 1
 * at least one app must be listed.
 */
export const httpdnsSaveRequestSchema = z
  .object({
    status: z.union([z.literal(0), z.literal(1), z.literal(3)], { error: 'httpdns.statusInvalid' }),
    portHttp: zPort(),
    portHttps: zPort().optional(),
    httpsStatus: flag().optional(),
    certCrt: pem(64_000),
    certKey: pem(16_000),
    domain: zHostname(),
    signStatus: flag().default(0),
    apps: z.array(httpdnsAppRequestSchema).max(HTTPDNS_APPS_MAX).default([]),
  })
  .superRefine((value, ctx) => {
    const https = value.status === HTTPDNS_STATUS.https;
    if (value.httpsStatus !== undefined && value.httpsStatus !== (https ? 1 : 0))
      ctx.addIssue({ code: 'custom', message: 'httpdns.httpsStatusMismatch', path: ['httpsStatus'] });
    if (value.signStatus === 1 && value.apps.length === 0)
      ctx.addIssue({ code: 'custom', message: 'httpdns.appsRequired', path: ['apps'] });
    const ids = value.apps.map((app) => app.id).filter((id) => id !== undefined);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', message: 'httpdns.appIdTwice', path: ['apps'] });
    if (!https) return;
    if (value.portHttps === undefined)
      ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['portHttps'] });
    else if (value.portHttps === value.portHttp)
      ctx.addIssue({ code: 'custom', message: 'httpdns.portsDiffer', path: ['portHttps'] });
    if (!value.certCrt) ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['certCrt'] });
  });
export type HttpdnsSaveRequest = z.input<typeof httpdnsSaveRequestSchema>;
export type HttpdnsSaveValues = z.output<typeof httpdnsSaveRequestSchema>;

/** Where one listener of the service stands on this console process. */
export const httpdnsListenerSchema = z.object({
  /** off: not configured; listening: bound; failed: could not bind (error says why). */
  state: z.enum(['off', 'listening', 'failed']),
  port: z.number().int().nullable(),
  error: z.string().optional(),
});
export type HttpdnsListener = z.infer<typeof httpdnsListenerSchema>;

export const httpdnsConfigSchema = z.object({
  status: z.number().int(),
  portHttp: z.number().int().nullable(),
  portHttps: z.number().int().nullable(),
  httpsStatus: z.number().int(),
  certCrt: z.string(),
  /** Always '': the key never leaves the server. */
  certKey: z.string(),
  certKeySet: z.boolean(),
  domain: z.string(),
  signStatus: z.number().int(),
  /** The apps that may sign; their keys always '' (write-only), keySet tells whether one is stored. */
  apps: z.array(
    z.object({ id: z.number().int(), name: z.string(), signKey: z.string(), signKeySet: z.boolean() }),
  ),
  /** The address the listeners bind (HTTPDNS_HOST). */
  host: z.string(),
  http: httpdnsListenerSchema,
  https: httpdnsListenerSchema,
  /** The authoritative server the service asks; missing → the service answers 503. */
  powerdns: z.object({
    state: z.enum(['ready', 'missing']),
    reason: z.string().optional(),
    install: z.string().optional(),
  }),
});
export type HttpdnsConfig = z.infer<typeof httpdnsConfigSchema>;
