import {
  businessSecureSettingsSchema,
  defaultServingSettings,
  type BusinessSecureSettings,
} from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { compileBundle } from './compile';
import { allSettings, testInput, testSite } from './compile.test-support';
import { guardDirectives, guardValue } from './guard';

const site = (over: Partial<BusinessSecureSettings>) => {
  const settings = defaultServingSettings();
  settings.businessSecure = { ...settings.businessSecure, ...over };
  return testSite({ settings });
};
const hex = (text: string) => Buffer.from(text).toString('hex');
const rule = (over: Partial<BusinessSecureSettings['rateLimits'][number]> = {}) => ({
  match: 'prefix' as const,
  path: '/',
  rate: 10,
  unit: 'second' as const,
  burst: 0,
  action: 'reject' as const,
  banSeconds: 0,
  ...over,
});

describe('the business-secure section as $nimbus_guard', () => {
  it('writes nothing when it is off', () => {
    expect(guardDirectives(site({}))).toEqual([]);
  });

  it('writes the CC level and each rule, path values hex-encoded and lowered', () => {
    const value = guardValue(
      site({
        ccLevel: 'strict',
        ccVerification: 'click-number',
        rateLimits: [
          rule({ path: '/API|/login', rate: 5, unit: 'minute', burst: 3 }),
          rule({ match: 'regex', path: '^/x$', action: 'ban', banSeconds: 60 }),
        ],
      }),
    );
    expect(value).toBe(
      [
        'cc,strict,click-number',
        `rl,prefix,5,60,3,reject,0,${hex('/api')}.${hex('/login')}`,
        `rl,regex,10,1,0,ban,60,${hex('^/x$')}`,
      ].join(':'),
    );
    expect(guardDirectives(site({ ccLevel: 'attack' }))).toEqual([
      'set $nimbus_guard "cc,attack,sensorless";',
    ]);
  });

  it('keeps hostile paths inside hex: the value holds only [a-z0-9,.:-]', () => {
    const value = guardValue(site({ rateLimits: [rule({ path: '/a"b;} return 200; #${x}\\' })] }));
    expect(value).toMatch(/^[a-z0-9,.:-]+$/);
    expect(value).toContain(hex('/a"b;} return 200; #${x}\\'));
  });

  it('splits a long value into parts nginx takes, appended in order', () => {
    // The hostile test values are ones the contract accepts: what a customer can really save.
    expect(businessSecureSettingsSchema.safeParse(allSettings().businessSecure).success).toBe(true);
    const lines = guardDirectives(testSite({ settings: allSettings() }));
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every((l) => l.length < 4000)).toBe(true);
    expect(lines[0]).toMatch(/^set \$nimbus_guard "[a-z0-9,.:-]+";$/);
    for (const l of lines.slice(1))
      expect(l).toMatch(/^set \$nimbus_guard "\$\{nimbus_guard\}[a-z0-9,.:-]+";$/);
    const joined = lines.map((l) => /"(?:\$\{nimbus_guard\})?([^"]+)"/.exec(l)![1]).join('');
    expect(joined).toBe(guardValue(testSite({ settings: allSettings() })));
  });

  it('refuses a stored row the contract would refuse, rather than write it', () => {
    const bad = (over: Record<string, unknown>) => () =>
      guardValue(site({ rateLimits: [rule(over as never)] }));
    expect(bad({ path: 'no-slash' })).toThrow(/unsafe/);
    expect(bad({ match: 'regex', path: '"; return 200' })).toThrow(/unsafe/);
    expect(bad({ match: 'exact' })).toThrow(/unsafe/);
    expect(bad({ action: 'reject;' })).toThrow(/unsafe/);
    expect(bad({ rate: 0 })).toThrow(/unsafe/);
    expect(bad({ rate: 1.5 })).toThrow(/unsafe/);
    expect(bad({ unit: 'hour' })).toThrow(/unsafe/);
    expect(bad({ action: 'ban', banSeconds: 0 })).toThrow(/unsafe/);
    expect(() => guardValue(site({ ccLevel: 'attack"' as never }))).toThrow(/unsafe/);
    expect(() => guardValue(site({ ccLevel: 'normal', ccVerification: 'x' as never }))).toThrow(/unsafe/);
    expect(() => guardValue(site({ rateLimits: Array.from({ length: 21 }, () => rule()) }))).toThrow(
      /unsafe/,
    );
  });

  it('sits in each server of the site, after the site id', () => {
    const s = site({ ccLevel: 'normal' });
    const conf = compileBundle(testInput({ sites: [s] })).files.find(
      (f) => f.path === 'sites/7.conf',
    )!.content;
    expect(conf).toContain('set $nimbus_site 7;\n  set $nimbus_guard "cc,normal,sensorless";');
  });
});
