import type { FormInstance, FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import { formRules, matchRule, requiredRule, validatorRule, type Translate } from './form-rules';

// A fake `t` that shows which key and parameters were asked for.
const t: Translate = (key, options) => (options ? `${key} ${JSON.stringify(options)}` : key);

type Validate = (rule: unknown, value: unknown) => Promise<void>;

/** Runs antd-style rules the way the form does; resolves to the first message, or null when valid. */
async function firstError(
  rules: FormRule[],
  value: unknown,
  fields: Record<string, unknown> = {},
): Promise<string | null> {
  const form = { getFieldValue: (name: string) => fields[name] } as unknown as FormInstance;
  for (const entry of rules) {
    const rule = typeof entry === 'function' ? entry(form) : entry;
    if (rule.required && (value === undefined || String(value).trim() === '')) return String(rule.message);
    if (rule.validator) {
      try {
        await (rule.validator as Validate)(rule, value);
      } catch (error) {
        return (error as Error).message;
      }
    }
  }
  return null;
}

describe('requiredRule', () => {
  it('names the field with its catalogue label', () => {
    expect(requiredRule(t, 'username')).toMatchObject({
      required: true,
      whitespace: true,
      message: 'validation.required {"field":"field.username"}',
    });
  });
});

describe('validatorRule', () => {
  const rule = validatorRule(t, (v) => v === 'good', 'validation.username');
  it.each([
    ['good', null],
    ['bad', 'validation.username'],
    ['', null],
    [undefined, null],
  ])('value %j → %s', async (value, expected) => {
    expect(await firstError([rule], value)).toBe(expected);
  });
});

describe('matchRule', () => {
  it('accepts the same password and rejects a different one', async () => {
    const rule = matchRule(t, 'password');
    expect(await firstError([rule], 'secret1', { password: 'secret1' })).toBeNull();
    expect(await firstError([rule], 'secret2', { password: 'secret1' })).toBe('validation.passwordMismatch');
  });
});

describe('formRules', () => {
  it.each([
    ['username', formRules.username(t), 'demo_user', 'victim@example.com', 'validation.username'],
    ['password (4-32)', formRules.password(t), 'a'.repeat(32), 'a'.repeat(33), 'validation.password'],
    ['password without Chinese', formRules.password(t), 'abcd', 'abc密码', 'validation.password'],
    [
      'reset password (4-30)',
      formRules.resetPassword(t),
      'a'.repeat(30),
      'a'.repeat(31),
      'validation.passwordLength',
    ],
    ['e-mail', formRules.email(t), 'user@example.com', 'user@', 'validation.email'],
    ['mobile', formRules.mobile(t), '13800138000', '23800138000', 'validation.mobile'],
    ['code', formRules.code(t), '123456', '12345a', 'account.codeFormat {"field":"field.code"}'],
  ])(
    '%s: accepts the valid value and rejects the invalid one',
    async (_name, rules, valid, invalid, message) => {
      expect(await firstError(rules, valid)).toBeNull();
      expect(await firstError(rules, invalid)).toBe(message);
    },
  );

  it('asks for an empty value with the required message, not the format message', async () => {
    expect(await firstError(formRules.email(t), '  ')).toBe('validation.required {"field":"field.mail"}');
  });

  it('confirmPassword compares with the named field', async () => {
    const rules = formRules.confirmPassword(t, 'newPassword');
    expect(await firstError(rules, 'abcd', { newPassword: 'abcd' })).toBeNull();
    expect(await firstError(rules, 'abce', { newPassword: 'abcd' })).toBe('validation.passwordMismatch');
  });
});
