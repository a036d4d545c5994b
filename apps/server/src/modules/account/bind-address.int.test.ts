import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { startFakeSmsBao, type FakeSmsProvider } from '../../integrations/sms/testing/fake-sms-providers';
import { startSmtpSink, type SmtpSink } from '../../integrations/smtp/testing/smtp-sink';
import { auditLog } from '../../platform/audit/audit.schema';
import { hashPassword } from '../../platform/auth/secrets';
import { customers } from './account.schema';
import { customerRow, solveCaptcha } from './account.test-support';

/*
 * Binding and changing e-mail/mobile from account info, end to end: codes travel by real SMTP
 * (smtp-sink) and through the SMSBao stand-in, as the admin configured them.
 */

const SMTP = { username: 'noreply@nimbus.test', password: 'smtp-auth-code' };
const SMSBAO = { username: 'nimbus', api_key: 'smsbao-api-key' };
const SMS_BAO_ID = 46;

let server: TestServer;
let smtp: SmtpSink;
let smsBao: FakeSmsProvider;
let admin: string;

type Channel = 'mail' | 'sms';
type Info = { mail: string | null; mobile: string | null };

async function saveConfig(id: number, paramKey: string, value: Record<string, unknown>) {
  const answer = await server.call('POST', 'sys/config/update', {
    token: admin,
    body: { id, paramKey, remark: paramKey, paramValue: JSON.stringify(value), status: 1 },
  });
  expect(answer.body).toMatchObject({ code: 1 });
}

/** A customer of our own (so tests do not share addresses), logged in. */
async function newCustomer(username: string, values: { mail?: string; mobile?: string } = {}) {
  await server.database.db
    .insert(customers)
    .values({ username, passwordHash: await hashPassword('cust-pass-1'), ...values });
  return server.login('customer', { username, password: 'cust-pass-1' });
}

const sendCode = async (token: string, channel: Channel, target: string) =>
  server.call('POST', 'app/account/bind/code/send', {
    token,
    lang: 'en',
    body: { channel, target, ...(await solveCaptcha(server)) },
  });

const bind = (token: string, body: Record<string, unknown>, lang: 'en' | 'cn' = 'en') =>
  server.call<Info>('POST', 'app/account/bind/address', { token, lang, body });

/** The code in the last e-mail to `to` (subject "Nimbus code {code}"). */
function mailedCode(to: string): string {
  const mail = smtp.received.filter((m) => m.rcptTo.includes(to)).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return /\d{6}/.exec(mail.subject)![0];
}

/** The code in the last SMS to `mobile` ("【Nimbus】Code {code}"). */
function textedCode(mobile: string): string {
  const sms = smsBao.requests.filter((r) => r.mobile === mobile).at(-1);
  if (!sms) throw new Error(`no SMS to ${mobile}`);
  return /\d{6}/.exec(String(sms.params))![0];
}

const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

async function bindAudits(customerId: number) {
  return server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'account.bind'), eq(auditLog.actorId, customerId)));
}

beforeAll(async () => {
  smtp = await startSmtpSink(SMTP);
  smsBao = await startFakeSmsBao({ [SMSBAO.username]: SMSBAO.api_key });
  server = await startTestServer();
  admin = await server.login('admin');
  const mailRow = await server.call<{ id: number }>('GET', 'sys/config/info2/MAIL_CONFIG_KEY', {
    token: admin,
  });
  await saveConfig(mailRow.body.data!.id, 'MAIL_CONFIG_KEY', {
    protocol: 'smtp',
    host: smtp.host,
    port: smtp.port,
    secure: false,
    username: SMTP.username,
    password: SMTP.password,
    templates: { code: { subject: 'Nimbus code {code}', content: 'Your Nimbus code is {code}.' } },
  });
  await saveConfig(SMS_BAO_ID, 'SMS_BAO', {
    api_addr: smsBao.url,
    ...SMSBAO,
    signname: 'Nimbus',
    templateIds: { code: { name: 'code', title: 'Code', id: '', status: 1, content: 'Code {code}' } },
  });
});

afterAll(async () => {
  await server?.close();
  await Promise.all([smtp?.close(), smsBao?.close()]);
});

describe('binding an address the account does not have yet', () => {
  it('binds a mobile with the SMS code sent to it; the session lives on and it is audited', async () => {
    const token = await newCustomer('mailonly', { mail: 'mailonly@example.com' });
    const sent = await sendCode(token, 'sms', '13911112222');
    expect(sent.body).toEqual({ code: 1, msg: 'The code has been sent' });
    const code = textedCode('13911112222');

    const bound = await bind(token, { channel: 'sms', target: '13911112222', code });
    expect(bound.body).toMatchObject({ code: 1, msg: 'Mobile number bound' });
    expect(bound.body.data).toMatchObject({ mail: 'mailonly@example.com', mobile: '13911112222' });
    // Nothing else ends: the same session reads the new mobile (what the bindMobile gate checks).
    const info = await server.call<Info>('GET', 'app/account/userinfo', { token });
    expect(info.body.data).toMatchObject({ mobile: '13911112222' });
    const row = await customerRow(server, 'mailonly');
    expect(await bindAudits(row.id)).toEqual([
      expect.objectContaining({ success: true, detail: { channel: 'sms', changed: false } }),
    ]);

    // The code worked once.
    const again = await bind(token, { channel: 'sms', target: '13911112222', code });
    expect(again.body).toMatchObject({ code: 400, msg: 'This is already the address bound to your account' });
  });

  it('binds an e-mail by the code mailed to it over SMTP, stored in lower case', async () => {
    const token = await newCustomer('mobileonly', { mobile: '13922223333' });
    expect((await sendCode(token, 'mail', 'Mobile.Only@Example.com')).body.code).toBe(1);
    await smtp.waitFor(1);
    const code = mailedCode('mobile.only@example.com');
    const bound = await bind(token, { channel: 'mail', target: 'mobile.only@example.com', code }, 'cn');
    expect(bound.body).toMatchObject({ code: 1, msg: '邮箱绑定成功' });
    expect((await customerRow(server, 'mobileonly')).mail).toBe('mobile.only@example.com');
  });

  it('refuses a wrong code, counting tries, and then accepts the right one', async () => {
    const token = await newCustomer('wrongcode');
    await sendCode(token, 'mail', 'wrongcode@example.com');
    const code = mailedCode('wrongcode@example.com');
    const refused = await bind(token, {
      channel: 'mail',
      target: 'wrongcode@example.com',
      code: wrong(code),
    });
    expect(refused.body).toEqual({ code: 400, msg: 'The verification code is wrong or has expired' });
    expect((await customerRow(server, 'wrongcode')).mail).toBeNull();
    const accepted = await bind(token, { channel: 'mail', target: 'wrongcode@example.com', code });
    expect(accepted.body.code).toBe(1);
  });

  it('refuses a code sent to another address, or sent for another account', async () => {
    const token = await newCustomer('swapper');
    await sendCode(token, 'mail', 'first@example.com');
    const code = mailedCode('first@example.com');
    const elsewhere = await bind(token, { channel: 'mail', target: 'second@example.com', code });
    expect(elsewhere.body).toMatchObject({ code: 400, msg: 'The verification code is wrong or has expired' });
    const asSms = await bind(token, { channel: 'sms', target: '13933334444', code });
    expect(asSms.body.code).toBe(400);

    // Someone else holding the code cannot bind that address to their own account.
    const other = await newCustomer('thief');
    const stolen = await bind(other, { channel: 'mail', target: 'first@example.com', code });
    expect(stolen.body).toMatchObject({ code: 400, msg: 'The verification code is wrong or has expired' });
    expect((await customerRow(server, 'thief')).mail).toBeNull();
  });

  it('refuses an address another account has, with the spec message and without naming it', async () => {
    const token = await newCustomer('latecomer');
    await newCustomer('holder', { mail: 'taken@example.com', mobile: '13944445555' });
    const mail = await sendCode(token, 'mail', 'Taken@Example.com');
    expect(mail.body).toEqual({ code: 409, msg: 'This e-mail is already bound to an account' });
    const sms = await sendCode(token, 'sms', '13944445555');
    expect(sms.body).toEqual({ code: 409, msg: 'This mobile number is already bound to an account' });
    expect(JSON.stringify([mail.body, sms.body])).not.toContain('holder');
    expect(smtp.received.some((m) => m.rcptTo.includes('taken@example.com'))).toBe(false);
    expect(smsBao.requests.some((r) => r.mobile === '13944445555')).toBe(false);
    const cn = await bind(token, { channel: 'sms', target: '13944445555', code: '123456' }, 'cn');
    expect(cn.body).toEqual({ code: 409, msg: '该手机号已被绑定' });
  });

  it('an address taken after the code was sent is still refused at binding', async () => {
    const token = await newCustomer('racer');
    await sendCode(token, 'sms', '13955556666');
    const code = textedCode('13955556666');
    await newCustomer('winner', { mobile: '13955556666' });
    const answer = await bind(token, { channel: 'sms', target: '13955556666', code });
    expect(answer.body).toEqual({ code: 409, msg: 'This mobile number is already bound to an account' });
  });

  it('spaces codes 60 s apart per address and needs a fresh captcha', async () => {
    const token = await newCustomer('hasty');
    expect((await sendCode(token, 'sms', '13966667777')).body.code).toBe(1);
    const soon = await sendCode(token, 'sms', '13966667777');
    expect(soon.body.code).toBe(429);
    expect(soon.body.msg).toMatch(/^Please wait \d+ seconds before asking for another code$/);
    expect(smsBao.requests.filter((r) => r.mobile === '13966667777')).toHaveLength(1);

    const solved = await solveCaptcha(server);
    const first = await server.call('POST', 'app/account/bind/code/send', {
      token,
      body: { channel: 'mail', target: 'hasty@example.com', ...solved },
    });
    expect(first.body.code).toBe(1);
    const reused = await server.call('POST', 'app/account/bind/code/send', {
      token,
      lang: 'en',
      body: { channel: 'mail', target: 'hasty2@example.com', ...solved },
    });
    expect(reused.body.code).toBe(400);
  });

  it('needs a customer login and valid input', async () => {
    const anonymous = await server.call('POST', 'app/account/bind/code/send', {
      body: { channel: 'mail', target: 'x@example.com', ...(await solveCaptcha(server)) },
    });
    expect(anonymous.body.code).toBe(401);
    const token = await newCustomer('badinput');
    const bad = await sendCode(token, 'sms', 'not-a-number');
    expect(bad.body.code).toBe(400);
  });
});

describe('changing a bound address', () => {
  it('changes the e-mail with a code to the new address and the password', async () => {
    const token = await newCustomer('changer', { mail: 'old@example.com', mobile: '13977778888' });
    await sendCode(token, 'mail', 'new@example.com');
    const code = mailedCode('new@example.com');
    const body = { channel: 'mail', target: 'new@example.com', code };

    expect((await bind(token, body)).body).toMatchObject({
      code: 400,
      msg: 'Enter your login password to change a bound address',
    });
    const badPassword = await bind(token, { ...body, password: 'not-it' });
    expect(badPassword.body).toMatchObject({ code: 400, msg: 'The password is wrong' });
    expect((await customerRow(server, 'changer')).mail).toBe('old@example.com');

    const changed = await bind(token, { ...body, password: 'cust-pass-1' });
    expect(changed.body).toMatchObject({ code: 1, msg: 'E-mail changed' });
    expect(changed.body.data).toMatchObject({ mail: 'new@example.com', mobile: '13977778888' });
    const row = await customerRow(server, 'changer');
    expect((await bindAudits(row.id)).map((a) => [a.success, a.detail])).toEqual([
      [false, { channel: 'mail', reason: 'password' }],
      [true, { channel: 'mail', changed: true }],
    ]);
    // The session that made the change lives on.
    expect((await server.call('GET', 'app/account/userinfo', { token })).body.code).toBe(1);
    // The old address is free for someone else now.
    const other = await newCustomer('taker');
    expect((await sendCode(other, 'mail', 'old@example.com')).body.code).toBe(1);
  });

  it('makes wrong passwords on a change wait after five, as the pay password does', async () => {
    const token = await newCustomer('guesser', { mail: 'guess@example.com' });
    const body = { channel: 'mail', target: 'guessed@example.com', code: '123456' };
    for (let i = 0; i < 5; i++)
      expect((await bind(token, { ...body, password: `guess-${i}` })).body.code).toBe(400);
    const waiting = await bind(token, { ...body, password: 'cust-pass-1' });
    expect(waiting.body.code).toBe(429);
    expect(waiting.body.msg).toMatch(/^Too many wrong passwords, please try again in \d+ s$/);
  });

  it('changes the mobile; the current one is refused as "already yours"', async () => {
    const token = await newCustomer('mobilechanger', { mobile: '13988889999' });
    const same = await sendCode(token, 'sms', '13988889999');
    expect(same.body).toEqual({ code: 400, msg: 'This is already the address bound to your account' });
    await sendCode(token, 'sms', '13999991234');
    const code = textedCode('13999991234');
    const changed = await bind(token, {
      channel: 'sms',
      target: '13999991234',
      code,
      password: 'cust-pass-1',
    });
    expect(changed.body).toMatchObject({ code: 1, msg: 'Mobile number changed' });
    expect((await customerRow(server, 'mobilechanger')).mobile).toBe('13999991234');
  });
});
