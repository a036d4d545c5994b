import { mailConfigUpdateSchema, type ConfigRecord } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import {
  mailFormFromRecord,
  mailUpdateRequest,
  passwordReentryField,
  presetForHost,
  type MailFormValues,
} from '@/features/mail-settings/lib/mail-form';

const saved = {
  protocol: 'smtp',
  host: 'smtp.qq.com',
  username: 'noreply@example.com',
  password: '',
  passwordSet: true,
  port: 465,
  templates: {
    code: { subject: 'Code', content: 'Your code is {code}' },
    meal_out: { subject: 'Plan expired', content: 'Renew now' },
  },
};
const record: ConfigRecord = {
  id: 10,
  paramKey: 'MAIL_CONFIG_KEY',
  paramValue: JSON.stringify(saved),
  remark: 'E-mail (SMTP)',
  status: 1,
};

describe('mailFormFromRecord', () => {
  it('reads the fields, the code template and the status, with the password blank', () => {
    const { values, passwordSet } = mailFormFromRecord(record);
    expect(passwordSet).toBe(true);
    expect(values).toEqual({
      enabled: true,
      protocol: 'smtp',
      host: 'smtp.qq.com',
      username: 'noreply@example.com',
      password: '',
      port: 465,
      secure: true,
      templates: { code: { subject: 'Code', content: 'Your code is {code}' } },
    });
  });

  it('starts blank from a missing or unreadable row', () => {
    const { values, passwordSet } = mailFormFromRecord({ ...record, paramValue: 'not json', status: 0 });
    expect(passwordSet).toBe(false);
    expect(values.host).toBe('');
    expect(values.port).toBeNull();
    expect(values.secure).toBe(false);
    expect(values.enabled).toBe(false);
    expect(mailFormFromRecord(undefined).values.templates.code).toEqual({ subject: '', content: '' });
  });

  it('keeps an explicit secure flag over the port default', () => {
    const off = mailFormFromRecord({ ...record, paramValue: JSON.stringify({ ...saved, secure: false }) });
    expect(off.values.secure).toBe(false);
  });
});

describe('mailUpdateRequest', () => {
  it('keeps the stored secret by sending a blank password and drops the Set flag', () => {
    const { values, stored } = mailFormFromRecord(record);
    const request = mailUpdateRequest(record, stored, { ...values, host: ' smtp.163.com ', enabled: false });
    const sent = JSON.parse(request.paramValue) as Record<string, unknown>;
    expect(request).toMatchObject({
      id: 10,
      paramKey: 'MAIL_CONFIG_KEY',
      remark: 'E-mail (SMTP)',
      status: 0,
    });
    expect(sent.password).toBe('');
    expect(sent).not.toHaveProperty('passwordSet');
    expect(sent.host).toBe('smtp.163.com');
    expect(mailConfigUpdateSchema.safeParse(sent).success).toBe(true);
  });

  it('sends a newly typed password and keeps templates the screen does not edit', () => {
    const { values, stored } = mailFormFromRecord(record);
    const request = mailUpdateRequest(record, stored, {
      ...values,
      password: 'auth-code',
      templates: { code: { subject: 'New', content: 'Code: {code}' } },
    });
    const sent = JSON.parse(request.paramValue) as { password: string; templates: Record<string, unknown> };
    expect(sent.password).toBe('auth-code');
    expect(sent.templates.code).toEqual({ subject: 'New', content: 'Code: {code}' });
    expect(sent.templates.meal_out).toEqual({ subject: 'Plan expired', content: 'Renew now' });
  });
});

describe('passwordReentryField (the server refuses a kept password sent somewhere new)', () => {
  const state = mailFormFromRecord(record);
  const nothingStored = mailFormFromRecord({
    ...record,
    paramValue: JSON.stringify({ ...saved, passwordSet: false }),
  });

  it.each<[string, typeof state, Partial<MailFormValues>, string | undefined]>([
    ['nothing stored: the required rule applies instead', nothingStored, { host: 'smtp.163.com' }, undefined],
    ['unchanged', state, {}, undefined],
    ['unchanged once trimmed, as the update sends it', state, { host: ' smtp.qq.com ' }, undefined],
    ['server changed', state, { host: 'smtp.163.com' }, 'host'],
    ['port changed', state, { port: 587 }, 'port'],
    ['port cleared', state, { port: null }, 'port'],
    ['sender mailbox changed', state, { username: 'other@example.com' }, 'username'],
    [
      'server changed with a new password typed',
      state,
      { host: 'smtp.163.com', password: 'auth' },
      undefined,
    ],
  ])('%s', (_name, formState, change, expected) => {
    expect(passwordReentryField(formState, { ...formState.values, ...change })).toBe(expected);
  });

  it('agrees with what mailUpdateRequest sends', () => {
    const values = { ...state.values, host: ' smtp.qq.com', username: 'noreply@example.com ' };
    const sent = JSON.parse(mailUpdateRequest(record, state.stored, values).paramValue) as typeof saved;
    expect([sent.host, sent.username, sent.port]).toEqual([saved.host, saved.username, saved.port]);
    expect(passwordReentryField(state, values)).toBeUndefined();
  });
});

describe('presetForHost', () => {
  it('finds the preset of a typed host, ignoring case and spaces', () => {
    expect(presetForHost(' SMTP.exmail.qq.com ')?.key).toBe('qqExmail');
    expect(presetForHost('mail.example.com')).toBeUndefined();
    expect(presetForHost(undefined)).toBeUndefined();
  });
});
