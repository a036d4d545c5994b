import { describe, expect, it } from 'vitest';
import { mailConfigSchema, mailConfigUpdateSchema, mailTestRequestSchema } from './mail';

const valid = {
  protocol: 'smtp',
  host: 'smtp.qq.com',
  username: 'noreply@example.com',
  password: 'auth-code',
  port: 465,
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('mail settings schema (spec §5 E-mail)', () => {
  it.each([
    ['host', { ...valid, host: '' }, 'mail.hostRequired'],
    ['host missing', { ...valid, host: undefined }, 'mail.hostRequired'],
    ['host blank', { ...valid, host: '   ' }, 'mail.hostRequired'],
    ['host not a host name', { ...valid, host: 'smtp qq com' }, 'validation.domain'],
    ['sender mailbox', { ...valid, username: '' }, 'mail.usernameRequired'],
    ['sender mailbox not an address', { ...valid, username: 'noreply' }, 'validation.email'],
    ['authorization password', { ...valid, password: '' }, 'mail.passwordRequired'],
    ['port empty', { ...valid, port: '' }, 'mail.portRequired'],
    ['port missing', { ...valid, port: undefined }, 'mail.portRequired'],
    ['port out of range', { ...valid, port: 70000 }, 'validation.port'],
    ['port not digits', { ...valid, port: '25a' }, 'validation.port'],
    ['protocol', { ...valid, protocol: 'pop3' }, 'mail.protocolInvalid'],
    [
      'code template without {code}',
      { ...valid, templates: { code: { subject: 'Code', content: 'no code here' } } },
      'mail.templateNeedsCode',
    ],
  ])('refuses a bad %s with its own message', (_name, value, message) => {
    expect(firstMessage(mailConfigSchema.safeParse(value))).toBe(message);
  });

  it('accepts a complete configuration and normalises the port and templates', () => {
    const parsed = mailConfigSchema.parse({
      ...valid,
      port: '587',
      host: ' smtp.qq.com ',
      templates: { code: { subject: 'S', content: 'Code: {code}' } },
    });
    expect(parsed).toMatchObject({ host: 'smtp.qq.com', port: 587, protocol: 'smtp' });
    expect(parsed.templates.code).toEqual({ subject: 'S', content: 'Code: {code}' });
    expect(mailConfigSchema.parse({ ...valid, host: '127.0.0.1' }).host).toBe('127.0.0.1');
  });

  it('lets an update leave the password empty (keep the saved one) but still checks the rest', () => {
    expect(mailConfigUpdateSchema.safeParse({ ...valid, password: '' }).success).toBe(true);
    expect(mailConfigUpdateSchema.safeParse({ ...valid, password: undefined }).success).toBe(true);
    expect(firstMessage(mailConfigUpdateSchema.safeParse({ ...valid, password: '', host: '' }))).toBe(
      'mail.hostRequired',
    );
  });

  it('checks the test recipient', () => {
    expect(firstMessage(mailTestRequestSchema.safeParse({ to: '' }))).toBe('mail.testToRequired');
    expect(firstMessage(mailTestRequestSchema.safeParse({ to: 'not-mail' }))).toBe('validation.email');
    expect(mailTestRequestSchema.parse({ to: ' a@b.cn ' }).to).toBe('a@b.cn');
  });
});
