import type { Site } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { issueFieldName } from '@/shared/forms/form-issues';
import {
  emptyBulkForm,
  emptySiteForm,
  issuesOnForm,
  newOrigin,
  originPortsShown,
  siteBulkBody,
  siteCreateBody,
  siteFormOf,
  siteUpdateBody,
  toPorts,
} from '@/features/sites/lib/site-form';

const site: Site = {
  id: 7,
  domain: 'www.example.com',
  cname: 'abc.cdn.example.net',
  suspended: false,
  verified: true,
  enabled: true,
  siteGroupId: 2,
  siteGroupName: 'Shop',
  originProtocol: 'follow',
  balance: 'ip_hash',
  origins: [{ address: '10.0.0.1', httpPort: 8080, httpsPort: 8443, weight: 5, role: 'main' }],
  httpPorts: [80],
  httpsPorts: [443],
  httpsEnabled: true,
  certificateId: 3,
  certificateName: 'example.com',
  forceHttps: true,
  remark: '',
  configVersion: 1,
  config: { total: 1, applied: 1, pending: 0, failed: 0, failures: [] },
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};

describe('site form ↔ contract requests', () => {
  it('a new site defaults to spec §9: listen 80/443, one main origin on 80/443 with weight 1', () => {
    const parsed = siteCreateBody({
      ...emptySiteForm(),
      domain: ' WWW.Example.com ',
      origins: [{ ...newOrigin(), address: '1.2.3.4' }],
    });
    expect(parsed).toEqual({
      ok: true,
      body: {
        domain: 'www.example.com',
        remark: '',
        siteGroupId: null,
        originProtocol: 'http',
        balance: 'round_robin',
        origins: [{ address: '1.2.3.4', httpPort: 80, httpsPort: 443, weight: 1, role: 'main' }],
        httpPorts: [80],
        httpsPorts: [443],
        httpsEnabled: false,
        certificateId: null,
        forceHttps: false,
      },
    });
  });

  it('an edit keeps HTTPS and its certificate, sends typed ports as numbers and never the domain', () => {
    const values = { ...siteFormOf(site), httpPorts: toPorts(['80', '8080']) };
    const parsed = siteUpdateBody(7, values);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.body).not.toHaveProperty('domain');
    expect(parsed.body).toMatchObject({
      id: 7,
      httpPorts: [80, 8080],
      httpsEnabled: true,
      certificateId: 3,
      forceHttps: true,
      origins: [{ address: '10.0.0.1', httpPort: 8080, httpsPort: 8443, weight: 5, role: 'main' }],
    });
  });

  it('sends no certificate while HTTPS is off, so the site stops holding one', () => {
    const values = { ...siteFormOf(site), httpsEnabled: false, forceHttps: false };
    const parsed = siteUpdateBody(7, values);
    expect(parsed.ok && parsed.body).toMatchObject({ httpsEnabled: false, certificateId: null });
    const created = siteCreateBody({ ...values, domain: 'www.example.com' });
    expect(created.ok && created.body).toMatchObject({ httpsEnabled: false, certificateId: null });
  });

  it('HTTPS on needs a certificate, and force HTTPS needs HTTPS', () => {
    const values = { ...siteFormOf(site), certificateId: null };
    const parsed = siteCreateBody(values);
    expect(parsed.ok ? [] : parsed.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['certificateId', 'site.certificateRequired'],
    ]);
    const forced = siteCreateBody({ ...values, httpsEnabled: false });
    expect(forced.ok ? [] : forced.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['forceHttps', 'site.forceNeedsHttps'],
    ]);
  });

  it('shows what the hidden HTTPS ports get wrong on the HTTP ports while HTTPS is off', () => {
    const issue = { path: ['httpsPorts'], message: 'site.portBothSchemes' };
    expect(issuesOnForm([issue], { httpsEnabled: false })).toEqual([{ ...issue, path: ['httpPorts'] }]);
    expect(issuesOnForm([issue], { httpsEnabled: true })).toEqual([issue]);
  });

  it('reports the contract issues with their paths', () => {
    const parsed = siteCreateBody({
      ...emptySiteForm(),
      domain: 'bad',
      origins: [{ ...newOrigin('backup'), address: 'a.example.com' }],
      httpsPorts: [80],
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['domain', 'validation.domain'],
      ['origins', 'site.originMainRequired'],
      ['httpsPorts', 'site.portBothSchemes'],
    ]);
  });

  it('bulk sends the textarea as typed, so the server’s line numbers match it', () => {
    const domains = 'a.example.com\n\nb.example.com';
    const parsed = siteBulkBody({
      ...emptyBulkForm(),
      domains,
      origins: [{ ...newOrigin(), address: '1.2.3.4' }],
    });
    expect(parsed.ok && parsed.body.domains).toBe(domains);
  });

  it('puts an issue on the origin row field, or on the top-level field', () => {
    expect(issueFieldName(['origins', 1, 'address'])).toEqual(['origins', 1, 'address']);
    expect(issueFieldName(['origins'])).toEqual(['origins']);
    expect(issueFieldName(['httpPorts', 2])).toEqual(['httpPorts']);
  });

  it('shows the origin port columns of the back-to-source protocol', () => {
    expect(originPortsShown('http')).toEqual({ http: true, https: false });
    expect(originPortsShown('https')).toEqual({ http: false, https: true });
    expect(originPortsShown('follow')).toEqual({ http: true, https: true });
  });

  it('keeps tags input ports as trimmed text; the contract turns them into numbers', () => {
    expect(toPorts(['80', 8080, ' 443 ', 'abc'])).toEqual(['80', '8080', '443', 'abc']);
    expect(toPorts(undefined)).toEqual([]);
  });
});
