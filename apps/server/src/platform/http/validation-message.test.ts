import { describe, expect, it } from 'vitest';
import { describeValidationIssue } from './validation-message';

const issue = (
  instancePath: string,
  keyword: string,
  message: string,
  params: Record<string, unknown> = {},
) => ({
  instancePath,
  keyword,
  message,
  params,
  schemaPath: '',
});

describe('describeValidationIssue', () => {
  it.each([
    [issue('/username', 'invalid_type', 'x', { input: undefined }), 'cn', '用户名不能为空'],
    [issue('/username', 'invalid_type', 'x', { input: undefined }), 'en', 'Username cannot be empty'],
    [
      issue('/password', 'too_small', 'x', { origin: 'string', minimum: 4 }),
      'en',
      'Password must be at least 4 characters',
    ],
    [issue('/title', 'too_big', 'x', { origin: 'string', maximum: 200 }), 'cn', '标题最多 200 个字符'],
    [issue('/page', 'too_small', 'x', { origin: 'number', minimum: 1 }), 'en', 'Page must be at least 1'],
    [issue('/ids/0', 'invalid_type', 'x', { input: 'a' }), 'en', 'IDs is invalid'],
  ] as const)('%#: names the field in the user language', (given, lang, expected) => {
    expect(describeValidationIssue(given, lang)).toBe(expected);
  });

  it('names a field by its route’s scope where the catalogue has a label for it, else as usual', () => {
    const emptyTarget = issue('/target', 'too_small', 'validation.required', {
      origin: 'string',
      minimum: 1,
    });
    expect(describeValidationIssue(emptyTarget, 'en')).toBe('E-mail or mobile number cannot be empty');
    expect(describeValidationIssue(emptyTarget, 'cn', 'redirect')).toBe('目标地址不能为空');
    const ids = issue('/ids/0', 'invalid_type', 'x', { input: 'a' });
    expect(describeValidationIssue(ids, 'en', 'redirect')).toBe('IDs is invalid');
  });

  it('prefixes the field to a catalogue message that does not name it', () => {
    expect(describeValidationIssue(issue('/host', 'custom', 'validation.domain'), 'en')).toBe(
      'SMTP server: Domain format error',
    );
  });

  it('fills the values a custom issue carries, such as the bad line of a list', () => {
    const listIssue = issue('/domains', 'custom', 'validation.domainList', { params: { value: 'a..b' } });
    expect(describeValidationIssue(listIssue, 'en')).toBe('Domains: Domain format error or duplicate: a..b');
  });

  it('falls back to the raw name for fields without a label', () => {
    expect(describeValidationIssue(issue('/fooBar', 'invalid_type', 'x', { input: 3 }), 'en')).toBe(
      'fooBar is invalid',
    );
  });
});
