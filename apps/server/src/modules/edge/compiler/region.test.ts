import {
  applicationSecureSettingsSchema,
  defaultServingSettings,
  networkSecureSettingsSchema,
  type SiteServingSettings,
} from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { acmeRegionBypass, edgeCheckVariables } from './region';
import { siteConfig } from './site';
import { testSite } from './compile.test-support';

const site = (app: object, net: object = {}) => {
  const settings: SiteServingSettings = defaultServingSettings();
  settings.applicationSecure = applicationSecureSettingsSchema.parse(app);
  settings.networkSecure = networkSecureSettingsSchema.parse(net);
  return testSite({ id: 5, settings });
};

/** A site whose stored settings skipped the contract (an old row, a hand-edited database). */
const raw = (app: object, net: object = {}) => {
  const s = site({});
  return {
    ...s,
    settings: {
      ...s.settings,
      applicationSecure: { ...s.settings.applicationSecure, ...app },
      networkSecure: { ...s.settings.networkSecure, ...net },
    },
  };
};

describe('region and header size in the server block', () => {
  it('writes nothing when both are off (old rows read as off)', () => {
    expect(edgeCheckVariables(site({}))).toEqual([]);
    expect(acmeRegionBypass(site({}))).toEqual([]);
    expect(
      siteConfig(site({}), { listenAddress: '127.0.0.1', certificates: new Set(), tlsPorts: new Set() }),
    ).not.toMatch(/nimbus_geo|nimbus_max_header/);
  });

  it('writes the mode and sorted codes, and the header size', () => {
    expect(
      edgeCheckVariables(site({ regionMode: 'deny', countries: ['US', 'CA'] }, { maxHeaderSize: 4096 })),
    ).toEqual(['set $nimbus_geo "deny:CA,US";', 'set $nimbus_max_header 4096;']);
    expect(edgeCheckVariables(site({ regionMode: 'allow', countries: ['CN'] }))).toEqual([
      'set $nimbus_geo "allow:CN";',
    ]);
    expect(
      edgeCheckVariables(site({ regionMode: 'allow', countries: ['CN', 'HK'], regionAllowUnknown: true })),
    ).toEqual(['set $nimbus_geo "allow-unknown:CN,HK";']);
  });

  it('sets them in the site’s server, and opens HTTP-01 answers to every country', () => {
    const s = {
      ...site({ regionMode: 'allow', countries: ['CN'] }),
      acmeChallenges: [{ token: 't', keyAuthorization: 't.k' }],
    };
    const text = siteConfig(s, { listenAddress: '127.0.0.1', certificates: new Set(), tlsPorts: new Set() });
    const server = text.indexOf('set $nimbus_site 5;');
    expect(text.indexOf('set $nimbus_geo "allow:CN";')).toBeGreaterThan(server);
    const acme = text.slice(text.indexOf('location = /.well-known/acme-challenge/t'));
    expect(acme.slice(0, acme.indexOf('}'))).toContain('set $nimbus_geo "";');
  });

  it('refuses what the contract would refuse, whatever reached the compiler', () => {
    expect(() => edgeCheckVariables(raw({ regionMode: 'deny', countries: ['US";} return 200; #'] }))).toThrow(
      /unsafe country code/,
    );
    expect(() => edgeCheckVariables(raw({ regionMode: 'deny', countries: ['us'] }))).toThrow(
      /unsafe country code/,
    );
    expect(() => edgeCheckVariables(raw({}, { maxHeaderSize: 100 }))).toThrow(/unsafe header size/);
    expect(() => edgeCheckVariables(raw({}, { maxHeaderSize: '4096; return 200' }))).toThrow(
      /unsafe header size/,
    );
  });
});
