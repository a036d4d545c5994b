import net from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { startSmtpSink, type SmtpSink } from '../../integrations/smtp/testing/smtp-sink';
import { auditLog } from '../../platform/audit/audit.schema';
import { AppError } from '../../platform/http/app-error';
import { configuredCodeSender } from '../notify/code-sender';

const ACCOUNT = { username: 'noreply@nimbus.test', password: 'smtp-auth-code' };

let server: TestServer;
let smtp: SmtpSink;
let admin: string;
let customer: string;
let mailRowId: number;

interface ConfigRecord {
  id: number;
  paramKey: string;
  paramValue: string;
  status: number;
}

async function saveMail(value: Record<string, unknown>, extra: { status?: number; lang?: 'cn' | 'en' } = {}) {
  return server.call('POST', 'sys/config/update', {
    token: admin,
    lang: extra.lang ?? 'en',
    body: {
      id: mailRowId,
      paramKey: 'MAIL_CONFIG_KEY',
      remark: 'E-mail (SMTP)',
      paramValue: JSON.stringify(value),
      status: extra.status,
    },
  });
}

const goodSettings = () => ({
  protocol: 'smtp',
  host: smtp.host,
  port: smtp.port,
  secure: false,
  username: ACCOUNT.username,
  password: ACCOUNT.password,
  templates: { code: { subject: 'Nimbus code {code}', content: 'Your Nimbus code is {code}.' } },
});

async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function mailTestAudits() {
  return server.database.db.select().from(auditLog).where(eq(auditLog.action, 'mail.test'));
}

async function codeSendError(send: Promise<void>): Promise<string> {
  const error = await send.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).messageKey;
}

beforeAll(async () => {
  server = await startTestServer();
  smtp = await startSmtpSink(ACCOUNT);
  admin = await server.login('admin');
  customer = await server.login('customer');
  const row = await server.call<ConfigRecord>('GET', 'sys/config/info2/MAIL_CONFIG_KEY', { token: admin });
  mailRowId = row.body.data!.id;
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('POST sys/mail/test', () => {
  it('needs an admin: no token → 401, customer token → 403', async () => {
    expect((await server.call('POST', 'sys/mail/test', { body: { to: 'a@b.cn' } })).body.code).toBe(401);
    expect(
      (await server.call('POST', 'sys/mail/test', { token: customer, body: { to: 'a@b.cn' } })).body.code,
    ).toBe(403);
  });

  it('refuses a bad recipient with a clear message and sends nothing', async () => {
    const answer = await server.call('POST', 'sys/mail/test', {
      token: admin,
      lang: 'en',
      body: { to: 'not-an-address' },
    });
    expect(answer.body).toMatchObject({ code: 400, msg: 'Recipient e-mail: E-mail format error' });
    const empty = await server.call('POST', 'sys/mail/test', { token: admin, lang: 'cn', body: { to: '' } });
    expect(empty.body).toMatchObject({ code: 400, msg: '收件邮箱不能为空' });
    expect(smtp.received).toHaveLength(0);
  });

  it('says so when e-mail is not configured yet', async () => {
    const answer = await server.call('POST', 'sys/mail/test', {
      token: admin,
      lang: 'en',
      body: { to: 'ops@nimbus.test' },
    });
    expect(answer.body).toMatchObject({
      code: 400,
      msg: 'E-mail is not configured yet: fill in and save the e-mail settings first',
    });
    const [audit] = await mailTestAudits();
    expect(audit).toMatchObject({ success: false, target: 'ops@nimbus.test', actorKind: 'admin' });
  });

  it('sys/config/update refuses incomplete mail settings with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...goodSettings(), host: '' }, 'SMTP server cannot be empty'],
      [{ ...goodSettings(), port: '' }, 'Port cannot be empty'],
      [{ ...goodSettings(), port: 70000 }, 'Port format error (1~65535)'],
    ];
    for (const [value, msg] of cases) {
      const answer = await saveMail(value);
      expect(answer.body.code).toBe(400);
      expect(answer.body.msg).toContain(msg);
    }
    // Spec §5: with no password stored yet, a blank one is missing, not "keep the stored one".
    const first = await saveMail({ ...goodSettings(), password: '' });
    expect(first.body).toEqual({ code: 400, msg: 'Authorization password cannot be empty' });
    const test = await server.call('POST', 'sys/mail/test', {
      token: admin,
      lang: 'en',
      body: { to: 'ops@nimbus.test' },
    });
    expect(test.body.msg).toBe('E-mail is not configured yet: fill in and save the e-mail settings first');
  });

  it('sends a real e-mail over SMTP with the saved settings', async () => {
    expect((await saveMail(goodSettings())).body.code).toBe(1);
    const read = await server.call<ConfigRecord>('GET', 'sys/config/info2/MAIL_CONFIG_KEY', { token: admin });
    expect(read.body.data!.paramValue).not.toContain(ACCOUNT.password);

    const answer = await server.call('POST', 'sys/mail/test', {
      token: admin,
      lang: 'cn',
      body: { to: 'ops@nimbus.test' },
    });
    expect(answer.body).toMatchObject({ code: 1, msg: '测试邮件已发送' });
    const [mail] = await smtp.waitFor(1);
    expect(mail).toMatchObject({
      mailFrom: ACCOUNT.username,
      rcptTo: ['ops@nimbus.test'],
      user: ACCOUNT.username,
      subject: '测试邮件',
    });
    expect(mail!.headers.get('to')).toBe('ops@nimbus.test');
    expect(mail!.text).toBe('这是一封测试邮件。收到此邮件说明邮件配置可以正常发送。');

    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mail.test'), eq(auditLog.success, true)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ target: 'ops@nimbus.test', actorKind: 'admin' });
  });

  it('an update with an empty password keeps the saved one', async () => {
    expect((await saveMail({ ...goodSettings(), password: '' })).body.code).toBe(1);
    const answer = await server.call('POST', 'sys/mail/test', {
      token: admin,
      lang: 'en',
      body: { to: 'keep@nimbus.test' },
    });
    expect(answer.body).toMatchObject({ code: 1, msg: 'Test e-mail sent' });
    const mails = await smtp.waitFor(2);
    expect(mails[1]).toMatchObject({ rcptTo: ['keep@nimbus.test'], subject: 'Test e-mail' });
  });

  it('a wrong authorization password is named as such', async () => {
    expect((await saveMail({ ...goodSettings(), password: 'wrong-code' })).body.code).toBe(1);
    const answer = await server.call('POST', 'sys/mail/test', {
      token: admin,
      lang: 'en',
      body: { to: 'ops@nimbus.test' },
    });
    expect(answer.body).toMatchObject({
      code: 400,
      msg: 'The SMTP server 127.0.0.1 rejected the sender mailbox or authorization password',
    });
  });

  it('a server that is not there is named with its host and port', async () => {
    const port = await closedPort();
    expect((await saveMail({ ...goodSettings(), port })).body.code).toBe(1);
    const answer = await server.call('POST', 'sys/mail/test', {
      token: admin,
      lang: 'en',
      body: { to: 'ops@nimbus.test' },
    });
    expect(answer.body).toMatchObject({
      code: 400,
      msg: `Cannot connect to the SMTP server 127.0.0.1:${port}`,
    });
    const cn = await server.call('POST', 'sys/mail/test', {
      token: admin,
      lang: 'cn',
      body: { to: 'ops@nimbus.test' },
    });
    expect(cn.body.msg).toBe(`无法连接 SMTP 服务器 127.0.0.1:${port}`);
  });
});

describe('verification codes by e-mail (configuredCodeSender)', () => {
  it('refuses while e-mail is switched off, then sends the code template once it is on', async () => {
    const sender = configuredCodeSender(server.database.db);
    expect((await saveMail(goodSettings(), { status: 0 })).body.code).toBe(1);
    expect(await codeSendError(sender.send('mail', 'user@nimbus.test', '482910', 'en'))).toBe(
      'notify.mailNotConfigured',
    );

    expect((await saveMail(goodSettings(), { status: 1 })).body.code).toBe(1);
    const before = smtp.received.length;
    await sender.send('mail', 'user@nimbus.test', '482910', 'en');
    const mail = (await smtp.waitFor(before + 1))[before]!;
    expect(mail).toMatchObject({
      rcptTo: ['user@nimbus.test'],
      subject: 'Nimbus code 482910',
      text: 'Your Nimbus code is 482910.',
    });
  });

  it('falls back to the built-in text in the user language when the template is blank', async () => {
    const settings = { ...goodSettings(), templates: { code: { subject: '', content: '' } } };
    expect((await saveMail(settings, { status: 1 })).body.code).toBe(1);
    const before = smtp.received.length;
    await configuredCodeSender(server.database.db).send('mail', 'user@nimbus.test', '105733', 'cn');
    const mail = (await smtp.waitFor(before + 1))[before]!;
    expect(mail.subject).toBe('验证码');
    expect(mail.text).toBe('您的验证码是：105733。请勿泄露给他人，如非本人操作请忽略此邮件。');
  });
});
