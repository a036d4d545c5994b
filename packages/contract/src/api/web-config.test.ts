import { describe, expect, it } from 'vitest';
import { isConsoleOrigin, webBasicSchema } from './web-config';
import { WEB_CONFIG_DEFAULTS } from './web-config-constants';

describe('isConsoleOrigin', () => {
  it('takes a scheme, a host and a port only', () => {
    const good = ['https://cdn.example.com', 'http://127.0.0.1:8080/', 'https://[2001:db8::1]:8443'];
    const bad = [
      'cdn.example.com',
      'ftp://cdn.example.com',
      'https://cdn.example.com/console',
      'https://cdn.example.com?x=1',
      'https://user:pass@cdn.example.com',
      'https://h&trade_status=TRADE_SUCCESS',
      'https://cdn.example.com:0',
      'https://cdn.example.com:65536',
      'https://-bad.example.com',
    ];
    expect(good.filter((url) => !isConsoleOrigin(url))).toEqual([]);
    expect(bad.filter((url) => isConsoleOrigin(url))).toEqual([]);
  });
});

describe('basic.utcOffsetMinutes (the display time zone)', () => {
  const { utcOffsetMinutes: _, ...before } = WEB_CONFIG_DEFAULTS.basic;
  it('reads a row saved before the setting existed as +8 h (spec §9)', () => {
    expect(webBasicSchema.parse(before).utcOffsetMinutes).toBe(480);
    expect(WEB_CONFIG_DEFAULTS.basic.utcOffsetMinutes).toBe(480);
  });
  it('takes the offsets in use and refuses others', () => {
    expect(webBasicSchema.parse({ ...before, utcOffsetMinutes: -300 }).utcOffsetMinutes).toBe(-300);
    expect(webBasicSchema.parse({ ...before, utcOffsetMinutes: 330 }).utcOffsetMinutes).toBe(330);
    for (const bad of [7, 900, -780, 8, '480'])
      expect(webBasicSchema.safeParse({ ...before, utcOffsetMinutes: bad }).success).toBe(false);
  });
});
