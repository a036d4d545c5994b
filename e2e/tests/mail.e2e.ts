import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../apps/server/src/integrations/smtp/testing/smtp-sink';
import { launchBrowser, screenshot } from '../support/browser';
import { ADMIN } from '../support/global-setup';
import { consoleNamed, logIn } from '../support/login';

const MAILBOX = { username: 'noreply@nimbus.test', password: 'smtp-auth-code' };

let browser: Browser;
let smtp: SmtpSink;
beforeAll(async () => {
  browser = await launchBrowser();
  smtp = await startSmtpSink(MAILBOX);
});
afterAll(async () => {
  await browser?.close();
  await smtp?.close();
});

describe('e-mail settings', () => {
  it('the admin configures SMTP, saves, and a test e-mail arrives at the SMTP server', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
    await logIn(page, consoleNamed('cdn-admin'), ADMIN);
    await page.goto(`${inject('baseUrl')}/admin/system/mail`);

    await page.getByLabel('SMTP 服务器').fill(smtp.host);
    await page.getByLabel('发件人邮箱').fill(MAILBOX.username);
    await page.getByLabel('授权密码').fill(MAILBOX.password);
    await page.getByLabel('端口').fill(String(smtp.port));
    // A plain local server: no TLS.
    const tls = page.getByLabel('SSL/TLS');
    if ((await tls.getAttribute('aria-checked')) === 'true') await tls.click();
    const enabled = page.getByLabel('启用邮件');
    if ((await enabled.getAttribute('aria-checked')) !== 'true') await enabled.click();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-message').getByText('保存成功').waitFor();
    await screenshot(page, 'cdn-admin-mail-settings');

    await page.getByLabel('收件邮箱').fill('ops@customer.test');
    await page.getByRole('button', { name: '发送测试邮件' }).click();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.rcptTo).toEqual(['ops@customer.test']);
    expect(mail!.mailFrom).toBe(MAILBOX.username);
    expect(mail!.user).toBe(MAILBOX.username);
    expect(mail!.subject).not.toBe('');
    await page.locator('.ant-message').getByText('测试邮件已发送').waitFor();
    await screenshot(page, 'cdn-admin-mail-test-sent');
    await page.context().close();
  });
});
