import { describe, expect, it } from 'vitest';
import { fieldLabel, translate } from '../messages';
import {
  beijingMinute,
  contentSecureSettingsSchema,
  signRequest,
  signUrl,
  urlAuthExpiry,
  wirePath,
  type ContentSecureSettings,
} from './site-content-secure';
import { siteServingSettingsSchema, siteSettingsSaveRequestSchema } from './site-settings';

/*
 * The formulas against the examples of Aliyun CDN's "URL authentication" pages (types A, B, C:
 * same key, same paths, their md5 values; each also recomputed with `echo -n … | md5sum`).
 */
const KEY = 'aliyuncdnexp1234';
const settings = (value: Partial<ContentSecureSettings>) =>
  contentSecureSettingsSchema.parse({ enabled: true, primaryKey: KEY, ...value });

/** 2015-10-10 08:00:00 in Beijing, the time of Aliyun's type A example. */
const A_TIME = 1444435200;
/** 2015-08-15 08:00 in Beijing: B's 201508150800 and C's 55CE8100. */
const BC_TIME = 1439596800;

describe('signing (Aliyun examples)', () => {
  it('type A: /path?auth_key=<ts>-<rand>-<uid>-md5("/path-ts-rand-uid-key")', () => {
    expect(signUrl(settings({ type: 'A' }), '/video/standard/test.mp4', A_TIME)).toBe(
      '/video/standard/test.mp4?auth_key=1444435200-0-0-23bf85053008f5c0e791667a313e28ce',
    );
    // md5sum of "/video/standard/1K.html-1444435200-0-0-aliyuncdnexp1234"
    expect(signUrl(settings({ type: 'A' }), '/video/standard/1K.html', A_TIME)).toBe(
      '/video/standard/1K.html?auth_key=1444435200-0-0-80cd3862d699b7118eed99103f2a3a4f',
    );
  });

  it('type B: /<YYYYMMDDHHMM in UTC+8>/md5(key + time + path)/path', () => {
    expect(beijingMinute(BC_TIME)).toBe('201508150800');
    expect(signUrl(settings({ type: 'B' }), '/4/44/44c0909bcfc20a01afaf256ca99a8b8b.mp3', BC_TIME)).toBe(
      '/201508150800/9044548ef1527deadafa49a890a377f0/4/44/44c0909bcfc20a01afaf256ca99a8b8b.mp3',
    );
    // Seconds do not show in B's time: any second of that minute signs the same link.
    expect(
      signUrl(settings({ type: 'B' }), '/4/44/44c0909bcfc20a01afaf256ca99a8b8b.mp3', BC_TIME + 59),
    ).toContain('/201508150800/9044548ef1527deadafa49a890a377f0/');
  });

  it('type C: both forms, md5(key + path + HEX time)', () => {
    expect(signUrl(settings({ type: 'C' }), '/test.flv', BC_TIME)).toBe(
      '/a37fa50a5fb8f71214b1e7c95ec7a1bd/55CE8100/test.flv',
    );
    expect(signUrl(settings({ type: 'C', cForm: 'query' }), '/test.flv', BC_TIME)).toBe(
      '/test.flv?KEY1=a37fa50a5fb8f71214b1e7c95ec7a1bd&KEY2=55CE8100',
    );
  });

  it('type A in header mode gives the token as a header, the path unchanged', () => {
    expect(
      signRequest(settings({ type: 'A', tokenIn: 'header', headerName: 'X-Auth' }), '/a.jpg?v=1', A_TIME, {
        rand: 'r1',
        uid: 'u2',
      }),
    ).toEqual({
      url: '/a.jpg?v=1',
      header: { name: 'X-Auth', value: expect.stringMatching(/^1444435200-r1-u2-[0-9a-f]{32}$/) },
    });
  });

  it('signs the path without its query and keeps the query; the backup key signs differently', () => {
    const s = settings({ type: 'A', backupKey: 'backup123' });
    const plain = signUrl(s, '/a.jpg', A_TIME);
    expect(signUrl(s, '/a.jpg?v=1', A_TIME)).toBe(`/a.jpg?v=1&${plain.split('?')[1]}`);
    expect(signRequest(s, '/a.jpg', A_TIME, { key: 'backup' }).url).not.toBe(plain);
    expect(signUrl(settings({ type: 'B' }), '/a.jpg?v=1', BC_TIME)).toMatch(
      /^\/201508150800\/[0-9a-f]{32}\/a\.jpg\?v=1$/,
    );
  });

  it('signs the path as sent on the wire: Chinese and spaces encoded, %XX kept, a lone % encoded', () => {
    expect(wirePath('/image/阿里云.jpg')).toBe('/image/%E9%98%BF%E9%87%8C%E4%BA%91.jpg');
    expect(wirePath('/a b%20c%zz#x')).toBe('/a%20b%20c%25zz%23x');
  });

  it('expires TTL seconds after the time written (B: after its minute)', () => {
    expect(urlAuthExpiry(settings({ type: 'A', ttl: 1800 }), A_TIME + 5)).toBe(A_TIME + 5 + 1800);
    expect(urlAuthExpiry(settings({ type: 'B', ttl: 1800 }), BC_TIME + 59)).toBe(BC_TIME + 1800);
  });
});

function firstIssue(value: object) {
  const result = contentSecureSettingsSchema.safeParse(value);
  expect(result.success).toBe(false);
  const issue = result.error!.issues[0]!;
  const field = fieldLabel(String(issue.path.at(-1)), 'en');
  return { path: issue.path, text: translate(issue.message as never, 'en', { field }) };
}

describe('contentSecure settings', () => {
  it('is off by default, and a saved document without it reads so', () => {
    expect(siteServingSettingsSchema.parse({}).contentSecure).toMatchObject({
      enabled: false,
      type: 'A',
      ttl: 1800,
      paramName: 'auth_key',
    });
    expect(
      siteSettingsSaveRequestSchema.safeParse({ id: 1, section: 'contentSecure', value: {} }).success,
    ).toBe(true);
  });

  it('refuses keys of the wrong shape and a backup equal to the primary, naming the field', () => {
    expect(firstIssue({ enabled: true })).toEqual({
      path: ['primaryKey'],
      text: 'A primary key is required to switch URL signing on',
    });
    for (const bad of ['short', 'has space1', 'quote"1234', 'x'.repeat(33), '密钥密钥密钥'])
      expect(firstIssue({ primaryKey: bad }).text).toBe('Primary key must be 6–32 letters or digits');
    expect(firstIssue({ primaryKey: 'abcdef', backupKey: 'abc$ef' }).text).toBe(
      'Backup key must be 6–32 letters or digits',
    );
    expect(firstIssue({ primaryKey: 'abcdef', backupKey: 'abcdef' }).text).toBe(
      'The backup key must differ from the primary key',
    );
  });

  it('bounds the TTL and shape-checks parameter and header names', () => {
    expect(firstIssue({ ttl: 0 }).text).toBe('TTL must be 1–31536000 seconds (one year)');
    expect(firstIssue({ ttl: 31_536_001 }).path).toEqual(['ttl']);
    for (const bad of ['', 'a b', 'a;b', 'a"b', 'x'.repeat(65), 'a=b'])
      expect(firstIssue({ paramName: bad }).text).toBe('Token parameter must be 1–64 letters, digits or _');
    expect(firstIssue({ hashParam: 'k', timeParam: 'K' }).path).toEqual(['timeParam']);
    for (const bad of [
      'Host',
      'cookie',
      'X-Nimbus-Purge-Key',
      'x_auth',
      '-a',
      'a-',
      'X-Forwarded-For',
      'a b',
      'a:b',
    ])
      expect(firstIssue({ headerName: bad }).path).toEqual(['headerName']);
    expect(firstIssue({ type: 'A', tokenIn: 'header' }).text).toMatch(/^Token header must be/);
    expect(
      contentSecureSettingsSchema.safeParse({ tokenIn: 'header', headerName: 'X-Auth-Token' }).success,
    ).toBe(true);
  });
});
