import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshPage, launchBrowser, screenshot, switchToEnglish } from '../support/browser';
import { ADMIN } from '../support/global-setup';
import { consoleNamed, logIn } from '../support/login';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const visit = async (page: Page, path: string) => page.goto(`${inject('baseUrl')}/admin${path}`);

/** The admin's security settings of issue 17, as an admin finds them, in both languages. */
describe('platform security settings', () => {
  it('shows the public console URL, the origin allow-list, reserved ports and credited payments', async () => {
    const admin = await freshPage(browser);
    await logIn(admin, consoleNamed('cdn-admin'), ADMIN);

    // The browser tests' Nimbus runs with NIMBUS_PUBLIC_URL: no "not set" banner, and the field shows it.
    await visit(admin, '/system/web-config');
    const consoleUrl = admin.getByLabel('公开控制台地址');
    await consoleUrl.waitFor();
    expect(await consoleUrl.inputValue()).toBe(inject('baseUrl'));
    expect(await admin.getByTestId('public-url-banner').count()).toBe(0);
    await screenshot(admin, 'cdn-admin-public-url');

    await visit(admin, '/edge/groups');
    await admin.getByText('源站地址放行').first().waitFor();
    await screenshot(admin, 'cdn-admin-origin-allow-list');
    await admin.getByRole('button', { name: /添加分组/ }).click();
    await admin.getByRole('dialog').getByText('保留端口').waitFor();
    await screenshot(admin, 'cdn-admin-reserved-ports');
    await admin.keyboard.press('Escape');

    await visit(admin, '/finance/orders');
    await admin.getByText('已转入余额的支付').waitFor();
    await screenshot(admin, 'cdn-admin-credited-payments');

    await switchToEnglish(admin);
    await admin.getByText('Payments credited to the balance').waitFor();
    await screenshot(admin, 'cdn-admin-credited-payments-en');
    await visit(admin, '/edge/groups');
    await admin.getByText('Origin allow-list').first().waitFor();
    await screenshot(admin, 'cdn-admin-origin-allow-list-en');
    await visit(admin, '/system/web-config');
    await admin.getByLabel('Public console URL').waitFor();
    await screenshot(admin, 'cdn-admin-public-url-en');
    await admin.context().close();
  });
});
