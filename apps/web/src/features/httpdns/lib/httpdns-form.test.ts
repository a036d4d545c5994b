import type { HttpdnsConfig } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { exampleUrl, httpdnsFormFromConfig, httpdnsSaveRequest } from '@/features/httpdns/lib/httpdns-form';

const config: HttpdnsConfig = {
  status: 3,
  portHttp: 80,
  portHttps: 8443,
  httpsStatus: 1,
  certCrt: 'CERT',
  certKey: '',
  certKeySet: true,
  domain: 'httpdns.example.com',
  signStatus: 1,
  apps: [{ id: 4, name: 'ios', signKey: '', signKeySet: true }],
  host: '0.0.0.0',
  http: { state: 'listening', port: 80 },
  https: { state: 'listening', port: 8443 },
  powerdns: { state: 'ready' },
};

describe('httpdns form ↔ request (spec §4 status encoding)', () => {
  it('round-trips a saved config: status 3, the stored key kept (empty)', () => {
    const values = httpdnsFormFromConfig(config);
    expect(values).toMatchObject({ enabled: true, https: true, certKey: '', signEnabled: true });
    expect(httpdnsSaveRequest(values)).toEqual({
      status: 3,
      httpsStatus: 1,
      portHttp: 80,
      portHttps: 8443,
      domain: 'httpdns.example.com',
      certCrt: 'CERT',
      certKey: '',
      signStatus: 1,
      apps: [{ id: 4, name: 'ios', signKey: '' }],
    });
  });

  it('sends 1 without HTTPS (and no HTTPS fields), 0 when disabled', () => {
    const values = httpdnsFormFromConfig(config);
    expect(httpdnsSaveRequest({ ...values, https: false })).toMatchObject({
      status: 1,
      httpsStatus: 0,
      certCrt: '',
    });
    expect(httpdnsSaveRequest({ ...values, https: false })).not.toHaveProperty('portHttps');
    expect(httpdnsSaveRequest({ ...values, enabled: false })).toMatchObject({ status: 0, httpsStatus: 0 });
  });

  it('shows an example URL without the default port', () => {
    expect(exampleUrl(config, 'http')).toBe('http://httpdns.example.com/d?dn=www.example.com&ttl=1');
    expect(exampleUrl(config, 'https')).toBe('https://httpdns.example.com:8443/d?dn=www.example.com&ttl=1');
  });
});
