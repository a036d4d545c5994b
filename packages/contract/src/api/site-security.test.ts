import { describe, expect, it } from 'vitest';
import { translate } from '../messages';
import {
  applicationSecureSettingsSchema,
  HTTP_METHODS,
  networkSecureSettingsSchema,
  type ApplicationSecureSettings,
} from './site-security';
import { siteServingSettingsSchema, siteSettingsSaveRequestSchema } from './site-settings';

const app = (value: Partial<Record<keyof ApplicationSecureSettings, unknown>>) =>
  applicationSecureSettingsSchema.safeParse(value);

/** The first issue as the server says it in English (params filled like validation-message.ts). */
function firstMessage(result: { success: boolean; error?: { issues: unknown[] } }) {
  expect(result.success).toBe(false);
  const issue = result.error!.issues[0] as {
    message: string;
    path: PropertyKey[];
    params?: Record<string, string | number>;
  };
  return {
    path: issue.path,
    key: issue.message,
    text: translate(issue.message as never, 'en', { field: 'F', ...issue.params }),
  };
}

describe('applicationSecure', () => {
  it('is all off by default, and every saved document without it reads so', () => {
    expect(applicationSecureSettingsSchema.parse({})).toEqual({
      ipAllow: [],
      ipDeny: [],
      refererMode: 'off',
      referers: [],
      refererAllowEmpty: true,
      uaMode: 'off',
      userAgents: [],
      regionMode: 'off',
      countries: [],
      regionAllowUnknown: false,
    });
    expect(siteServingSettingsSchema.parse({}).applicationSecure.ipDeny).toEqual([]);
  });

  it('takes IP lists as typed (one per line) or as stored (an array)', () => {
    const typed = app({ ipDeny: '1.2.3.4\r\n\n 10.0.0.0/8 \n2001:db8::/32\n' });
    expect(typed.success && typed.data.ipDeny).toEqual(['1.2.3.4', '10.0.0.0/8', '2001:db8::/32']);
    const stored = app({ ipAllow: ['::1', '127.0.0.0/8'] });
    expect(stored.success && stored.data.ipAllow).toEqual(['::1', '127.0.0.0/8']);
  });

  it('names the line of a bad or repeated IP', () => {
    expect(firstMessage(app({ ipDeny: '1.2.3.4\n\n1.2.3.4/33' }))).toEqual({
      path: ['ipDeny'],
      key: 'siteSecurity.ipLine',
      text: 'F, line 3: IP format error (IPv4, IPv6 or CIDR): 1.2.3.4/33',
    });
    expect(firstMessage(app({ ipAllow: '::1\n0:0::0001' }))).toMatchObject({
      path: ['ipAllow'],
      text: 'F, line 2: repeated IP: 0:0::0001',
    });
    // Hostile lines never pass: a directive smuggled after an address is not an address.
    for (const bad of ['1.2.3.4; allow all', '1.2.3.4}', '$remote_addr', 'all'])
      expect(app({ ipDeny: bad }).success).toBe(false);
  });

  it('keeps at most 500 addresses a list', () => {
    const many = Array.from({ length: 501 }, (_, i) => `10.${i >> 8}.${i & 255}.1`);
    expect(app({ ipDeny: many.slice(0, 500) }).success).toBe(true);
    expect(firstMessage(app({ ipDeny: many }))).toMatchObject({
      key: 'siteSettings.tooMany',
      text: 'F: at most 500 entries',
    });
  });

  it('takes referer hosts by the domain rule (wildcard in front), lower-cased, at most 100', () => {
    const ok = app({ refererMode: 'allow', referers: 'Example.com\n*.cdn.example.com' });
    expect(ok.success && ok.data.referers).toEqual(['example.com', '*.cdn.example.com']);
    expect(firstMessage(app({ referers: 'example.com\nfoo.*' }))).toEqual({
      path: ['referers'],
      key: 'siteSecurity.refererLine',
      text: 'F, line 2: domain format error (a wildcard *. may lead): foo.*',
    });
    expect(firstMessage(app({ referers: 'a.example.com\nA.example.com' })).text).toBe(
      'F, line 2: repeated domain: A.example.com',
    );
    for (const bad of ['~.*', 'example.com;', 'ex"ample.com', 'none', 'example.com/x'])
      expect(app({ referers: bad }).success).toBe(false);
    const many = Array.from({ length: 101 }, (_, i) => `h${i}.example.com`);
    expect(firstMessage(app({ referers: many })).key).toBe('siteSettings.tooMany');
  });

  it('takes User-Agent substrings of printable ASCII; quotes and braces pass (the compiler escapes them)', () => {
    const ok = app({ uaMode: 'deny', userAgents: 'curl/\nsqlmap\n"quoted"; {x} $y \\z' });
    expect(ok.success && ok.data.userAgents).toEqual(['curl/', 'sqlmap', '"quoted"; {x} $y \\z']);
    expect(firstMessage(app({ userAgents: 'bot\n爬虫' }))).toEqual({
      path: ['userAgents'],
      key: 'siteSecurity.userAgentLine',
      text: 'F, line 2: a User-Agent entry must be 1-200 printable ASCII characters: 爬虫',
    });
    // A newline inside an entry cannot exist (it splits lines); a tab or other control character is refused.
    expect(app({ userAgents: ['a\tb'] }).success).toBe(false);
    expect(app({ userAgents: ['a\u0000b'] }).success).toBe(false);
    expect(app({ userAgents: 'x'.repeat(201) }).success).toBe(false);
    expect(firstMessage(app({ userAgents: 'Curl\ncurl' })).key).toBe('siteSecurity.userAgentRepeated');
    expect(app({ userAgents: Array.from({ length: 51 }, (_, i) => `b${i}`) }).success).toBe(false);
  });

  it('needs a list when a mode is on', () => {
    expect(firstMessage(app({ refererMode: 'allow' }))).toEqual({
      path: ['referers'],
      key: 'siteSecurity.listRequired',
      text: 'F: list at least one entry, or switch it off',
    });
    expect(firstMessage(app({ uaMode: 'deny', userAgents: '\n' })).path).toEqual(['userAgents']);
    expect(app({ refererMode: 'off', uaMode: 'off' }).success).toBe(true);
  });

  it('refuses an unknown mode', () => {
    expect(firstMessage(app({ refererMode: 'block' })).key).toBe('validation.invalid');
  });
});

describe('networkSecure', () => {
  const net = (value: Record<string, unknown>) => networkSecureSettingsSchema.safeParse(value);

  it('is all off by default, every method allowed', () => {
    expect(networkSecureSettingsSchema.parse({})).toEqual({
      connLimitPerIp: 0,
      bodyTimeout: 0,
      clientSendTimeout: 0,
      allowedMethods: [...HTTP_METHODS],
      maxUrlLength: 0,
      maxHeaderSize: 0,
    });
  });

  it('checks each number against its range, 0 meaning off', () => {
    expect(
      net({ connLimitPerIp: 10_000, bodyTimeout: 1, clientSendTimeout: 3600, maxUrlLength: 65_535 }).success,
    ).toBe(true);
    expect(firstMessage(net({ connLimitPerIp: 10_001 }))).toMatchObject({
      path: ['connLimitPerIp'],
      text: 'F must be 0 (no limit) or 1-10000',
    });
    expect(firstMessage(net({ bodyTimeout: 3601 })).text).toBe(
      "F must be 0 (nginx's default) or 1-3600 seconds",
    );
    expect(firstMessage(net({ clientSendTimeout: -1 })).key).toBe('siteSecurity.timeout');
    expect(firstMessage(net({ maxUrlLength: 255 })).text).toBe('F must be 0 (no limit) or 256-65535 bytes');
    expect(net({ maxUrlLength: 65_536 }).success).toBe(false);
    expect(net({ connLimitPerIp: 1.5 }).success).toBe(false);
  });

  it('keeps methods in a fixed order, brings HEAD with GET, and needs one', () => {
    const parsed = net({ allowedMethods: ['POST', 'GET', 'POST'] });
    expect(parsed.success && parsed.data.allowedMethods).toEqual(['GET', 'HEAD', 'POST']);
    expect(firstMessage(net({ allowedMethods: [] })).text).toBe('Allow at least one request method');
    expect(net({ allowedMethods: ['TRACE'] }).success).toBe(false);
  });

  it('is a section the save request takes', () => {
    const save = siteSettingsSaveRequestSchema.safeParse({
      id: 3,
      section: 'networkSecure',
      value: { allowedMethods: ['GET'] },
    });
    expect(save.success && save.data.value).toMatchObject({ allowedMethods: ['GET', 'HEAD'] });
  });
});
