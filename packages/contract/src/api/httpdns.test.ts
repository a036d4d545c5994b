import { describe, expect, it } from 'vitest';
import {
  HTTPDNS_STATUS,
  httpdnsSaveRequestSchema,
  httpdnsStatusOf,
  httpdnsSwitchesOf,
  type HttpdnsSaveRequest,
} from './httpdns';

const base: HttpdnsSaveRequest = { status: 1, portHttp: 8053, domain: 'httpdns.example.com' };
const issues = (value: unknown) =>
  (httpdnsSaveRequestSchema.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('HTTPDNS status encoding (spec §4)', () => {
  it('sends 0 when disabled, 1 with HTTP only, 3 with HTTPS', () => {
    expect(httpdnsStatusOf(false, true)).toBe(0);
    expect(httpdnsStatusOf(true, false)).toBe(1);
    expect(httpdnsStatusOf(true, true)).toBe(3);
  });

  it('reads the switches back from a status', () => {
    expect(httpdnsSwitchesOf(0)).toEqual({ enabled: false, https: false });
    expect(httpdnsSwitchesOf(1)).toEqual({ enabled: true, https: false });
    expect(httpdnsSwitchesOf(3)).toEqual({ enabled: true, https: true });
    expect(httpdnsSwitchesOf(2)).toEqual({ enabled: false, https: false });
  });
});

describe('HTTPDNS save rules (spec §5)', () => {
  it('accepts HTTP only without port, certificate or key for HTTPS', () => {
    const parsed = httpdnsSaveRequestSchema.parse({ ...base, portHttp: '8053' });
    expect(parsed).toMatchObject({ status: 1, portHttp: 8053, certCrt: '', certKey: '', signStatus: 0 });
  });

  it('requires the HTTP port and the domain whatever the status', () => {
    expect(issues({ status: 0, domain: 'a.example.com' })).toEqual([['portHttp', 'validation.required']]);
    expect(issues({ status: 0, portHttp: 80, domain: '' })).toEqual([['domain', 'validation.required']]);
    expect(issues({ ...base, portHttp: 70000 })).toEqual([['portHttp', 'validation.port']]);
    expect(issues({ ...base, domain: 'not a domain' })).toEqual([['domain', 'validation.domain']]);
  });

  it('refuses a status outside 0, 1, 3', () => {
    expect(issues({ ...base, status: 2 })).toEqual([['status', 'httpdns.statusInvalid']]);
  });

  it('with HTTPS requires the HTTPS port (not the HTTP one) and the certificate', () => {
    expect(issues({ ...base, status: HTTPDNS_STATUS.https })).toEqual([
      ['portHttps', 'validation.required'],
      ['certCrt', 'validation.required'],
    ]);
    expect(issues({ ...base, status: 3, portHttps: 8053, certCrt: 'x' })).toEqual([
      ['portHttps', 'httpdns.portsDiffer'],
    ]);
    expect(issues({ ...base, status: 3, portHttps: 8443, certCrt: 'x' })).toEqual([]);
  });

  it('httpsStatus, when sent, agrees with the status', () => {
    expect(issues({ ...base, httpsStatus: 1 })).toEqual([['httpsStatus', 'httpdns.httpsStatusMismatch']]);
    expect(issues({ ...base, httpsStatus: 0 })).toEqual([]);
  });

  it('signing needs at least one app, each named, with distinct ids and long enough keys', () => {
    expect(issues({ ...base, signStatus: 1 })).toEqual([['apps', 'httpdns.appsRequired']]);
    expect(issues({ ...base, signStatus: 1, apps: [{ name: 'ios', signKey: 'short' }] })).toEqual([
      ['apps.0.signKey', 'httpdns.signKeyShort'],
    ]);
    expect(issues({ ...base, apps: [{ name: ' ', signKey: '' }] })).toEqual([
      ['apps.0.name', 'validation.required'],
    ]);
    expect(
      issues({
        ...base,
        apps: [
          { id: 1, name: 'a' },
          { id: 1, name: 'b' },
        ],
      }),
    ).toEqual([['apps', 'httpdns.appIdTwice']]);
    expect(issues({ ...base, signStatus: 1, apps: [{ name: 'ios', signKey: 'k'.repeat(16) }] })).toEqual([]);
  });
});
