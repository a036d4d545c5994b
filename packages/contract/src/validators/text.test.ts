import { describe, expect, it } from 'vitest';
import { hasChinese, isEmail, isMobile, isPassword, isResetPassword, isUrl, isUsername } from './text';

describe('isUrl (http/https)', () => {
  it.each([
    'http://example.com',
    'https://example.com/',
    'HTTPS://Example.com/a/b?c=1&d=2#top',
    'https://www.example.com:8443/path',
    'http://1.2.3.4/x',
    'http://[2001:db8::1]:8080/',
    'http://localhost:3000/cb',
    'https://xn--fiqs8s.cn/',
  ])('accepts %s', (v) => {
    expect(isUrl(v)).toBe(true);
  });
  it.each([
    'example.com',
    'ftp://example.com',
    'javascript:alert(1)',
    'http://',
    'http:///path',
    'http://exa mple.com',
    'http://example.com/a b',
    'http://user:pass@example.com',
    'http://example.com:0/',
    'http://example.com:65536/',
    'http://example.com:80a/',
    'http://1.2.3/',
    'http://[1.2.3.4]/',
    'http://*.example.com/',
    '',
  ])('rejects %j', (v) => {
    expect(isUrl(v)).toBe(false);
  });
});

describe('isMobile (starts with 1, 5-21 digits)', () => {
  it.each(['13800138000', '12345', '1'.repeat(21), '19912345678'])('accepts %s', (v) => {
    expect(isMobile(v)).toBe(true);
  });
  it.each([
    '1234',
    '1'.repeat(22),
    '23800138000',
    '1380013800a',
    '+8613800138000',
    ' 13800138000',
    '',
    13800138000,
  ])('rejects %j', (v) => {
    expect(isMobile(v)).toBe(false);
  });
});

describe('isEmail', () => {
  it.each([
    'a@b.cn',
    'first.last@example.com',
    'user+tag@sub.example.co.uk',
    "o'brien@example.org",
    'x_y-z@xn--fiqs8s.cn',
  ])('accepts %s', (v) => {
    expect(isEmail(v)).toBe(true);
  });
  it.each([
    'plainaddress',
    '@example.com',
    'user@',
    'user@localhost',
    'user@@example.com',
    '.user@example.com',
    'user.@example.com',
    'us..er@example.com',
    'us er@example.com',
    'user@exa_mple.com',
    `${'a'.repeat(65)}@example.com`,
    '用户@example.com',
    '',
  ])('rejects %j', (v) => {
    expect(isEmail(v)).toBe(false);
  });
});

describe('isPassword (4-32, no Chinese)', () => {
  it.each(['abcd', 'p@ss word!', 'a'.repeat(32), 'Ünïcödé1', '😀😀😀😀'])('accepts %s', (v) => {
    expect(isPassword(v)).toBe(true);
  });
  it.each([
    ['3 characters', 'abc'],
    ['33 characters', 'a'.repeat(33)],
    ['Chinese characters', 'abcd密码'],
    ['only Chinese', '密码密码'],
    ['full-width comma', 'abcd，'],
    ['full-width letters', 'ａｂｃｄ'],
    ['ideographic space', 'ab\u3000cd'],
    ['empty', ''],
    ['not a string', 12345],
  ])('rejects %s', (_label, v) => {
    expect(isPassword(v)).toBe(false);
  });
  it('counts characters, not UTF-16 units', () => {
    expect(isPassword('😀😀')).toBe(false);
    expect(isPassword('😀'.repeat(32))).toBe(true);
  });
  it('has the 4-30 variant for password reset', () => {
    expect(isResetPassword('a'.repeat(30))).toBe(true);
    expect(isResetPassword('a'.repeat(31))).toBe(false);
    expect(isResetPassword('abc')).toBe(false);
    expect(isResetPassword('abcd中')).toBe(false);
  });
  it('detects Chinese', () => {
    expect(hasChinese('hello')).toBe(false);
    expect(hasChinese('你好')).toBe(true);
  });
});

describe('isUsername (4-32 of letters, digits, . _ -; no @, not all digits)', () => {
  it.each(['demo', 'user_01', 'a.b-c', 'A'.repeat(32), '1234a'])('accepts %s', (v) => {
    expect(isUsername(v)).toBe(true);
  });
  it.each([
    'abc',
    'A'.repeat(33),
    'has space',
    'name!',
    '用户名字',
    'tab\tname',
    '',
    // Would read as another account's e-mail or mobile at login.
    'a.b-c@d',
    'victim@example.com',
    '13800000000',
    '1234',
  ])('rejects %j', (v) => {
    expect(isUsername(v)).toBe(false);
  });
});
