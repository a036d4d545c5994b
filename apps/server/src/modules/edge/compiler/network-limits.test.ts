import { defaultServingSettings, type NetworkSecureSettings } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { compileBundle } from './compile';
import { testInput, testSite } from './compile.test-support';
import { connectionLimits, connectionZone, requestLimitChecks } from './network-limits';

const site = (over: Partial<NetworkSecureSettings>, id = 7) => {
  const settings = defaultServingSettings();
  settings.networkSecure = { ...settings.networkSecure, ...over };
  return testSite({ id, settings });
};

describe('network limits', () => {
  it('writes nothing by default', () => {
    expect(connectionLimits(site({}))).toEqual([]);
    expect(requestLimitChecks(site({}))).toEqual([]);
    expect(connectionZone([site({})])).toEqual([]);
  });

  it('limits connections per client address and site, with 429, and the timeouts', () => {
    expect(connectionLimits(site({ connLimitPerIp: 20, bodyTimeout: 15, clientSendTimeout: 30 }))).toEqual([
      'limit_conn nimbus_conn_per_ip 20;',
      'limit_conn_status 429;',
      'client_body_timeout 15s;',
      'send_timeout 30s;',
    ]);
  });

  it('defines the zone once at http level, keyed by site and address, only when a site limits', () => {
    const input = testInput({
      sites: [site({ connLimitPerIp: 5 }, 1), site({ connLimitPerIp: 9 }, 2), site({}, 3)],
    });
    const http = compileBundle(input).files.find((f) => f.path === 'http.conf')!.content;
    const zones = http.split('\n').filter((l) => l.startsWith('limit_conn_zone'));
    expect(zones).toEqual(['limit_conn_zone "$server_name$binary_remote_addr" zone=nimbus_conn_per_ip:10m;']);
    // The zone comes before the sites that use it.
    expect(http.indexOf('limit_conn_zone')).toBeLessThan(http.indexOf('include'));
    const plain = compileBundle(testInput()).files.find((f) => f.path === 'http.conf')!.content;
    expect(plain).not.toContain('limit_conn_zone');
  });

  it('refuses methods to 405 and long URLs to 414, within PCRE’s repeat count at the largest length', () => {
    expect(requestLimitChecks(site({ allowedMethods: ['GET', 'HEAD'], maxUrlLength: 65_535 }))).toEqual([
      'if ($request_method !~ "^(GET|HEAD)$") {',
      '  return 405;',
      '}',
      'if ($request_uri ~ "(?s)^.{65535}.") {',
      '  return 414;',
      '}',
    ]);
    // The pattern matches exactly the URIs longer than the limit.
    const regex = /^.{256}./s;
    expect(regex.test(`/${'a'.repeat(255)}`)).toBe(false);
    expect(regex.test(`/${'a'.repeat(256)}`)).toBe(true);
  });

  it('refuses values the contract would refuse', () => {
    expect(() => connectionLimits(site({ connLimitPerIp: 10_001 }))).toThrow(/unsafe connection limit/);
    expect(() => connectionLimits(site({ bodyTimeout: 1.5 }))).toThrow(/unsafe body timeout/);
    expect(() => requestLimitChecks(site({ maxUrlLength: 65_536 }))).toThrow(/unsafe URL length/);
    expect(() => requestLimitChecks(site({ allowedMethods: ['GET|.*' as 'GET'] }))).toThrow(/unsafe method/);
    expect(() => requestLimitChecks(site({ allowedMethods: [] }))).toThrow(/none allowed/);
  });
});
