import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../../apps/server/src/platform/auth/secrets';
import { startSmtpSink, type SmtpSink } from '../../apps/server/src/integrations/smtp/testing/smtp-sink';
import { freshPage, launchBrowser, screenshot, switchToEnglish } from '../support/browser';
import { captchaAnswer, withDb } from '../support/db';
import { ADMIN } from '../support/global-setup';
import { consoleNamed, logIn } from '../support/login';

const MAILBOX = { username: 'noreply@nimbus.test', password: 'smtp-auth-code' };
// A customer of this file's own who registered by mobile and has no e-mail yet.
const BINDER = { username: `binder${Date.now() % 1_000_000}`, password: 'Binder-e2e-pass-1' };
const ADDRESS = `${BINDER.username}@customer.test`;

let browser: Browser;
let smtp: SmtpSink;
let adminToken: string;
let mailRow: { id: number; paramKey: string; remark: string; paramValue: string; status: number };

async function call<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${inject('baseUrl')}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { token: adminToken, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  expect(envelope.code, `${path}: ${envelope.msg}`).toBe(1);
  return envelope.data;
}

/** The captcha image of the open dialog, once drawn: its answer is read from the database. */
async function dialogCaptcha(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() => {
    const image = document.querySelector<HTMLImageElement>('.ant-modal img[src*="kaptcha.jpg"]');
    return image?.complete === true && image.naturalWidth > 0 ? image.getAttribute('src') : null;
  });
  const src = (await handle.jsonValue()) as string;
  return captchaAnswer(new URL(src, inject('baseUrl')).searchParams.get('uuid')!);
}

beforeAll(async () => {
  browser = await launchBrowser();
  smtp = await startSmtpSink(MAILBOX);
  const admin = await freshPage(browser);
  await logIn(admin, consoleNamed('cdn-admin'), ADMIN);
  adminToken = await admin.evaluate(() => localStorage.getItem('nimbus-token:cdn-admin') ?? '');
  await admin.context().close();
  mailRow = await call('sys/config/info2/MAIL_CONFIG_KEY');
  // E-mail on, through this file's SMTP server (mail.e2e.ts points it at its own when it runs).
  await call('sys/config/update', mailSettings(1));
  const passwordHash = await hashPassword(BINDER.password);
  await withDb((db) =>
    db.query(`insert into customers (username, mobile, password_hash) values ($1, $2, $3)`, [
      BINDER.username,
      `139${String(Date.now()).slice(-8)}`,
      passwordHash,
    ]),
  );
});
afterAll(async () => {
  // Mail back to the state it was in: later files must not send to this file's closed server.
  if (mailRow) await call('sys/config/update', mailSettings(mailRow.status));
  await browser?.close();
  await smtp?.close();
});

/** The mail settings row pointing at this file's SMTP server, switched on or off. */
function mailSettings(status: number) {
  return {
    id: mailRow.id,
    paramKey: 'MAIL_CONFIG_KEY',
    remark: mailRow.remark,
    status,
    paramValue: JSON.stringify({
      protocol: 'smtp',
      host: smtp.host,
      port: smtp.port,
      secure: false,
      username: MAILBOX.username,
      password: MAILBOX.password,
      templates: { code: { subject: 'Nimbus code {code}', content: 'Your Nimbus code is {code}.' } },
    }),
  };
}

describe('binding an e-mail from account info', () => {
  it('a customer without an e-mail binds one with the code mailed to it, then sees "Change"', async () => {
    const page = await freshPage(browser);
    await logIn(page, consoleNamed('cdn-user'), BINDER);
    await page.goto(`${inject('baseUrl')}/cdn/account/info`);
    await page.getByTestId('bind-mail').click();
    const dialog = page.getByRole('dialog', { name: '绑定邮箱' });
    await dialog.waitFor();

    await dialog.locator('#bind-mail_target').fill(ADDRESS);
    await dialog.locator('#bind-mail_captcha').fill(await dialogCaptcha(page));
    const received = smtp.received.length;
    await dialog.getByTestId('send-code').click();
    const mail = (await smtp.waitFor(received + 1)).at(-1)!;
    expect(mail.rcptTo).toEqual([ADDRESS]);
    const code = /\d{6}/.exec(mail.subject)![0];
    await expect.poll(() => dialog.getByTestId('send-code').innerText()).toMatch(/^\d+ 秒后重发$/);
    await dialog.locator('#bind-mail_code').fill(code);
    await screenshot(page, 'cdn-user-account-bind-mail-cn');

    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message').getByText('邮箱绑定成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(ADDRESS, { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('bind-mail').innerText()).toMatch(/更\s*换/);
    await screenshot(page, 'cdn-user-account-info-bound-cn');
    const [row] = await withDb((db) =>
      db.query<{ mail: string }>('select mail from customers where username = $1', [BINDER.username]),
    ).then((r) => r.rows);
    expect(row!.mail).toBe(ADDRESS);

    // In English, changing it asks for the password as well.
    await switchToEnglish(page);
    await page.getByTestId('bind-mail').click();
    const change = page.getByRole('dialog', { name: 'Change e-mail' });
    await change.getByText(`Currently bound: ${ADDRESS}`).waitFor();
    await change.getByLabel('Password').waitFor();
    await change.getByRole('button', { name: 'Confirm' }).click();
    await change.getByText('E-mail cannot be empty').waitFor();
    await change.getByText('Password cannot be empty').waitFor();
    await screenshot(page, 'cdn-user-account-change-mail-en');
    await page.context().close();
  });
});
