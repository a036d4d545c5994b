import { isEmail, isMobile, isPassword, isResetPassword, isUsername } from '@nimbus/contract';
import type { FormRule } from 'antd';

/** What the adapter needs from i18next's `t` (kept narrow so tests can pass a fake). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

type Validator = (value: unknown) => boolean;
type FieldGetter = { getFieldValue: (name: string) => unknown };

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** `validation.required` naming the field (`field.<name>` from the contract catalogue). */
export function requiredRule(t: Translate, field: string): FormRule {
  return {
    required: true,
    whitespace: true,
    message: t('validation.required', { field: t(`field.${field}`) }),
  };
}

/**
 * A contract validator as an antd rule with the contract's message key, so a form and the
 * server reject the same input with the same sentence. Blank values are left to `requiredRule`.
 */
export function validatorRule(
  t: Translate,
  valid: Validator,
  messageKey: string,
  params?: Record<string, unknown>,
): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      isBlank(value) || valid(value) ? Promise.resolve() : Promise.reject(new Error(t(messageKey, params))),
  };
}

/** The second password box must equal the first (spec §5: passwords must match). */
export function matchRule(t: Translate, otherField: string): FormRule {
  return ({ getFieldValue }: FieldGetter) => ({
    validator: (_rule, value: unknown) =>
      isBlank(value) || value === getFieldValue(otherField)
        ? Promise.resolve()
        : Promise.reject(new Error(t('validation.passwordMismatch'))),
  });
}

const isSixDigits: Validator = (value) => typeof value === 'string' && /^\d{6}$/.test(value.trim());

/** Ready-made rule lists for the account forms. */
export const formRules = {
  required: (t: Translate, field: string) => [requiredRule(t, field)],
  username: (t: Translate) => [
    requiredRule(t, 'username'),
    validatorRule(t, isUsername, 'validation.username'),
  ],
  /** New passwords on registration: spec §5 generic rule, 4-32 without Chinese. */
  password: (t: Translate, field = 'password') => [
    requiredRule(t, field),
    validatorRule(t, isPassword, 'validation.password'),
  ],
  /** Password reset and change: spec §5 "length 4-30 without Chinese". */
  resetPassword: (t: Translate, field = 'newPassword') => [
    requiredRule(t, field),
    validatorRule(t, isResetPassword, 'validation.passwordLength'),
  ],
  confirmPassword: (t: Translate, otherField: string) => [
    requiredRule(t, 'confirmPassword'),
    matchRule(t, otherField),
  ],
  email: (t: Translate) => [requiredRule(t, 'mail'), validatorRule(t, isEmail, 'validation.email')],
  mobile: (t: Translate) => [requiredRule(t, 'mobile'), validatorRule(t, isMobile, 'validation.mobile')],
  /** E-mail/SMS codes and authenticator codes are six digits. */
  code: (t: Translate) => [
    requiredRule(t, 'code'),
    validatorRule(t, isSixDigits, 'account.codeFormat', { field: t('field.code') }),
  ],
};
