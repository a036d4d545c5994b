import {
  httpdnsStatusOf,
  httpdnsSwitchesOf,
  type HttpdnsConfig,
  type HttpdnsSaveRequest,
} from '@nimbus/contract';

/** The screen's fields: two switches stand for the spec §4 status (0, 1, 3). */
export interface HttpdnsFormValues {
  enabled: boolean;
  https: boolean;
  portHttp: number | null;
  portHttps: number | null;
  domain: string;
  certCrt: string;
  /** Write-only: '' keeps the stored key. */
  certKey: string;
  signEnabled: boolean;
  apps: HttpdnsAppFormValues[];
}

/** One app that may sign; signKeySet: a key is stored, so signKey may stay '' (kept). */
export interface HttpdnsAppFormValues {
  id?: number;
  name: string;
  signKey: string;
  signKeySet: boolean;
}

export function httpdnsFormFromConfig(config: HttpdnsConfig): HttpdnsFormValues {
  const { enabled, https } = httpdnsSwitchesOf(config.status);
  return {
    enabled,
    https,
    portHttp: config.portHttp,
    portHttps: config.portHttps,
    domain: config.domain,
    certCrt: config.certCrt,
    certKey: '',
    signEnabled: config.signStatus === 1,
    apps: config.apps.map((app) => ({ ...app, signKey: '' })),
  };
}

/** Spec §4: status 0 when disabled, 1 without HTTPS, 3 with; HTTPS fields go only with 3. */
export function httpdnsSaveRequest(values: HttpdnsFormValues): HttpdnsSaveRequest {
  const status = httpdnsStatusOf(values.enabled, values.https);
  const https = status === 3;
  return {
    status,
    httpsStatus: https ? 1 : 0,
    portHttp: values.portHttp ?? '',
    ...(values.https && values.portHttps !== null ? { portHttps: values.portHttps } : {}),
    domain: values.domain,
    certCrt: values.https ? values.certCrt : '',
    certKey: values.https ? values.certKey : '',
    signStatus: values.signEnabled ? 1 : 0,
    apps: values.apps.map(({ id, name, signKey }) => ({
      ...(id === undefined ? {} : { id }),
      name,
      signKey,
    })),
  };
}

/** How an app asks the service (shown on the screen as a working example). */
export function exampleUrl(config: HttpdnsConfig, scheme: 'http' | 'https'): string | undefined {
  const port = scheme === 'http' ? config.portHttp : config.portHttps;
  if (!port || !config.domain) return undefined;
  const defaultPort = scheme === 'http' ? 80 : 443;
  return `${scheme}://${config.domain}${port === defaultPort ? '' : `:${port}`}/d?dn=www.example.com&ttl=1`;
}
