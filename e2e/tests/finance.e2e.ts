import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { freshPage, launchBrowser, screenshot, switchToEnglish } from '../support/browser';
import { ADMIN, CUSTOMER } from '../support/global-setup';
import { consoleNamed, logIn } from '../support/login';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('manual recharge', () => {
  it('an admin credits a customer after confirming; the customer sees the balance and the change in their log', async () => {
    const base = inject('baseUrl');
    const admin = await freshPage(browser);
    await logIn(admin, consoleNamed('cdn-admin'), ADMIN);
    await admin.goto(`${base}/admin/finance/recharge`);
    await admin.getByLabel('客户用户名').fill(CUSTOMER.username);
    await admin.getByRole('button', { name: /^查\s?询$/ }).click();
    await admin.getByText('¥0.00').first().waitFor();

    await admin.getByLabel('金额').fill('100');
    await admin.getByLabel('原因').fill('线下转账 20261123-0042');
    await admin.getByRole('button', { name: /提\s?交$/ }).click();
    const dialog = admin.locator('.ant-modal-confirm');
    await dialog
      .locator('.ant-modal-confirm-title')
      .getByText(`确认为 ${CUSTOMER.username} 加款 ¥100.00？`)
      .waitFor();
    await screenshot(admin, 'cdn-admin-manual-recharge-confirm');
    await dialog.getByRole('button', { name: /提\s?交$/ }).click();
    await admin.locator('.ant-message').getByText('已完成，当前余额 ¥100.00').waitFor();
    await admin.getByRole('cell', { name: '+¥100.00' }).waitFor();
    await screenshot(admin, 'cdn-admin-manual-recharge');

    // A debit beyond the balance is refused with the server's reason, and changes nothing. (The
    // submit button's name may still carry its leaving "loading" icon: the pattern is not anchored.)
    await admin.getByLabel('扣款').check();
    await admin.getByLabel('金额').fill('500');
    await admin.getByLabel('原因').fill('更正');
    await admin.getByRole('button', { name: /提\s?交$/ }).click();
    await dialog.getByRole('button', { name: /提\s?交$/ }).click();
    await admin
      .locator('.ant-message')
      .getByText(/余额不足/)
      .waitFor();

    await switchToEnglish(admin);
    await admin.getByText('Balance ledger of').waitFor();
    await screenshot(admin, 'cdn-admin-manual-recharge-en');
    await admin.context().close();

    const customer = await freshPage(browser);
    await logIn(customer, consoleNamed('cdn-user'), CUSTOMER);
    await customer.getByText('¥100.00').waitFor();
    await customer.goto(`${base}/cdn/log/list`);
    await customer.getByRole('cell', { name: '后台加款' }).waitFor();
    await screenshot(customer, 'cdn-user-log-credited');
    await customer.context().close();
  });
});
