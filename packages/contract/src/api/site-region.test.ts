import { describe, expect, it } from 'vitest';
import { countryName, COUNTRY_CODES, isCountryCode } from './countries';
import { applicationSecureSettingsSchema, networkSecureSettingsSchema } from './site-security';
import { wafConditionSchema, wafValues } from './waf';
import { evaluateWafRules, wafSampleOf } from './waf-evaluate';

const issue = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) =>
  result.success
    ? undefined
    : { message: result.error!.issues[0]!.message, path: result.error!.issues[0]!.path };

describe('countries', () => {
  it('holds the ISO codes with names in both languages, Hong Kong, Macao and Taiwan as regions of China in cn', () => {
    expect(COUNTRY_CODES.length).toBe(250);
    expect(COUNTRY_CODES.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
    expect(countryName('US', 'cn')).toBe('美国');
    expect(countryName('US', 'en')).toBe('United States');
    expect(countryName('HK', 'cn')).toBe('中国香港');
    expect(countryName('MO', 'cn')).toBe('中国澳门');
    expect(countryName('TW', 'cn')).toBe('中国台湾');
    expect(isCountryCode('us')).toBe(false);
    expect(isCountryCode('ZZ')).toBe(false);
  });
});

describe('region settings', () => {
  it('are off by default, so stored settings from before read as off', () => {
    expect(applicationSecureSettingsSchema.parse({})).toMatchObject({
      regionMode: 'off',
      countries: [],
      regionAllowUnknown: false,
    });
    expect(networkSecureSettingsSchema.parse({}).maxHeaderSize).toBe(0);
  });

  it('refuses unknown codes, repeats and a mode without countries, naming the field', () => {
    expect(
      issue(applicationSecureSettingsSchema.safeParse({ regionMode: 'deny', countries: ['US', 'XX'] })),
    ).toEqual({
      message: 'siteRegion.country',
      path: ['countries'],
    });
    expect(
      issue(applicationSecureSettingsSchema.safeParse({ regionMode: 'deny', countries: ['us'] }))?.message,
    ).toBe('siteRegion.country');
    expect(issue(applicationSecureSettingsSchema.safeParse({ countries: ['US', 'US'] }))?.message).toBe(
      'siteRegion.countryRepeated',
    );
    expect(issue(applicationSecureSettingsSchema.safeParse({ regionMode: 'allow', countries: [] }))).toEqual({
      message: 'siteSecurity.listRequired',
      path: ['countries'],
    });
    expect(issue(applicationSecureSettingsSchema.safeParse({ regionMode: 'block' }))?.message).toBe(
      'validation.invalid',
    );
    expect(
      applicationSecureSettingsSchema.parse({ regionMode: 'allow', countries: ['CN', 'HK'] }).countries,
    ).toEqual(['CN', 'HK']);
  });

  it('takes a header size of 0 or 1024–32768 bytes', () => {
    expect(networkSecureSettingsSchema.parse({ maxHeaderSize: '8192' }).maxHeaderSize).toBe(8192);
    for (const bad of [1023, 32_769, 4096.5, -1])
      expect(
        issue(networkSecureSettingsSchema.safeParse({ maxHeaderSize: bad }))?.message,
        String(bad),
      ).toMatch(/siteRegion.headerSize|validation.invalid/);
  });
});

describe('the WAF country target', () => {
  it('takes known codes with equals or in, compared in lower case', () => {
    expect(wafValues('country', 'in', 'us | CN|hk')).toEqual(['us', 'cn', 'hk']);
    expect(wafValues('country', 'in', 'US|XX')).toBeUndefined();
    const bad = wafConditionSchema.safeParse({ target: 'country', operator: 'contains', value: 'US' });
    expect(issue(bad)).toEqual({ message: 'waf.countryOperator', path: ['operator'] });
    expect(
      issue(wafConditionSchema.safeParse({ target: 'country', operator: 'in', value: 'USA' }))?.message,
    ).toBe('waf.value.country');
  });

  it('the test box matches by the country the caller looked up; an address without one matches no code', () => {
    const rules = [
      {
        id: 1,
        action: 'intercept' as const,
        status: 403,
        seconds: 0,
        conditions: [
          {
            target: 'country' as const,
            name: '',
            operator: 'in' as const,
            negate: false,
            values: ['us', 'ca'],
          },
        ],
      },
    ];
    const sample = wafSampleOf('GET', '/', '', '8.8.8.8');
    expect(evaluateWafRules(rules, { ...sample, country: 'US' }).outcome.status).toBe(403);
    expect(evaluateWafRules(rules, { ...sample, country: 'CN' }).outcome.status).toBeNull();
    expect(evaluateWafRules(rules, sample).outcome.status).toBeNull();
  });
});
