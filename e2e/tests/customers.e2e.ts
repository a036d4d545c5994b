import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../../apps/server/src/platform/auth/secrets';
import { freshPage, launchBrowser, screenshot, switchToEnglish } from '../support/browser';
import { withDb } from '../support/db';
import { ADMIN } from '../support/global-setup';
import { consoleNamed, logIn } from '../support/login';

const SHOPPER = { username: 'shopper', password: 'shopper-pass-1' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  const passwordHash = await hashPassword(SHOPPER.password);
  await withDb((db) =>
    db.query(
      `insert into customers (username, mail, password_hash) values ($1, 'shopper@customer.test', $2)
       on conflict (username) do update set enabled = true, password_hash = excluded.password_hash`,
      [SHOPPER.username, passwordHash],
    ),
  );
});
afterAll(async () => {
  await browser?.close();
});

const openPage = () => freshPage(browser);

describe('account management', () => {
  it('the admin disables a customer who is logged in; their next click asks them to log in again', async () => {
    const customer = await openPage();
    await logIn(customer, consoleNamed('cdn-user'), SHOPPER);

    const admin = await openPage();
    await logIn(admin, consoleNamed('cdn-admin'), ADMIN);
    await admin.goto(`${inject('baseUrl')}/admin/account/customers`);
    await admin.getByRole('searchbox').fill(SHOPPER.username);
    await admin.getByRole('searchbox').press('Enter');
    const row = admin.getByRole('row', { name: new RegExp(SHOPPER.username) });
    await row.getByRole('button', { name: /禁\s*用/ }).click();
    await admin.getByRole('tooltip').getByText('该客户会立即被登出').waitFor();
    await screenshot(admin, 'cdn-admin-customer-disable-confirm');
    await admin
      .getByRole('tooltip')
      .getByRole('button', { name: /禁\s*用/ })
      .click();
    await row.getByText('已禁用').waitFor();

    await customer.getByRole('button', { name: '消息通知' }).click();
    await customer.locator('.ant-modal-confirm-title').getByText('登录已失效').waitFor();
    await screenshot(customer, 'cdn-user-disabled-relogin');

    await row.getByRole('button', { name: /启\s*用/ }).click();
    await admin
      .getByRole('tooltip')
      .getByRole('button', { name: /启\s*用/ })
      .click();
    await row.getByText('已禁用').waitFor({ state: 'detached' });

    await switchToEnglish(admin);
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Mobile').fill('123');
    await dialog.getByText('Mobile number format error').waitFor();
    await screenshot(admin, 'cdn-admin-customer-edit-en');
    await dialog.getByLabel('Mobile').fill('13800138000');
    await dialog.getByLabel('Note').fill('Wholesale account');
    // Hide one page from this customer's menu.
    await dialog.getByLabel('Hidden modules').click();
    await dialog.getByLabel('Hidden modules').fill('Operation');
    await admin.getByTitle('Operation log', { exact: true }).click();
    await dialog.getByLabel('Hidden modules').press('Escape');
    await screenshot(admin, 'cdn-admin-customer-modules-en');
    // Waive this customer's domain ownership proof (ADR 0033): the switch explains what it risks.
    const waiver = dialog.getByRole('switch', { name: 'Serve sites without domain proof' });
    await waiver.click();
    expect(await waiver.getAttribute('aria-checked')).toBe('true');
    await dialog.getByText(/an unproved site can take traffic of a domain that is not theirs/).waitFor();
    await waiver.scrollIntoViewIfNeeded();
    await screenshot(admin, 'cdn-admin-customer-ownership-waiver-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await row.getByText('13800138000').waitFor();
    await screenshot(admin, 'cdn-admin-customers-en');

    // A new password, shown once, opens the account; the old one no longer does.
    await row.getByRole('button', { name: 'Reset password' }).click();
    await admin.getByRole('tooltip').getByRole('button', { name: 'Reset' }).click();
    const shown = admin.getByRole('dialog').filter({ hasText: 'New password for shopper' });
    const password = (await shown.locator('code').innerText()).trim();
    await screenshot(admin, 'cdn-admin-customer-new-password-en');
    await shown.getByRole('button', { name: 'Done' }).click();
    const again = await openPage();
    await logIn(again, consoleNamed('cdn-user'), { username: SHOPPER.username, password });
    await again.getByRole('menuitem', { name: '站内消息' }).waitFor();
    expect(await again.getByRole('menuitem', { name: '操作日志' }).count()).toBe(0);
    await again.context().close();

    await admin.getByRole('button', { name: 'Add customer' }).click();
    const form = admin.getByRole('dialog').filter({ hasText: 'Add a customer' });
    await form.getByLabel('Username').fill('newbie');
    await form.getByLabel('Password').fill('newbie-pass-1');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await admin.getByRole('searchbox').fill('newbie');
    await admin.getByRole('searchbox').press('Enter');
    await admin.getByRole('row', { name: /newbie/ }).waitFor();
    await customer.context().close();
    await admin.context().close();
  });

  it('an admin adds another administrator and disables them; their own row cannot be disabled', async () => {
    const admin = await openPage();
    await logIn(admin, consoleNamed('cdn-admin'), ADMIN);
    await admin.goto(`${inject('baseUrl')}/admin/account/admins`);
    const own = admin.getByRole('row', { name: /admin.*本人/ });
    await own.waitFor();
    expect(await own.getByRole('button', { name: /禁\s*用/ }).count()).toBe(0);

    await admin.getByRole('button', { name: '添加管理员' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('用户名').fill('ops2');
    await dialog.getByLabel('密码').fill('ops2-pass-1');
    await dialog.getByLabel('邮箱').fill('not-an-email');
    await dialog.getByRole('button', { name: /添\s*加/ }).click();
    await dialog.getByText('邮箱格式错误').waitFor();
    await dialog.getByLabel('邮箱').fill('ops2@example.com');
    await dialog.getByRole('button', { name: /添\s*加/ }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = admin.getByRole('row', { name: /ops2/ });
    await row.getByRole('button', { name: /禁\s*用/ }).click();
    await admin
      .getByRole('tooltip')
      .getByRole('button', { name: /禁\s*用/ })
      .click();
    await row.getByText('已禁用').waitFor();
    await screenshot(admin, 'cdn-admin-admins');
    await admin.context().close();
  });
});
