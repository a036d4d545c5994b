import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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

const openPage = () => freshPage(browser, { acceptDownloads: true });

describe('operation and audit logs', () => {
  it('a customer reads and exports their log; an admin filters the audit log by customer', async () => {
    const base = inject('baseUrl');
    const customer = await openPage();
    await logIn(customer, consoleNamed('cdn-user'), CUSTOMER);
    await customer.goto(`${base}/cdn/log/list`);
    await customer.getByRole('cell', { name: '登录成功' }).first().waitFor();
    await screenshot(customer, 'cdn-user-operation-log');

    await customer.getByLabel('类型').click();
    await customer.getByTitle('账号安全').click();
    // Only security rows (if any) remain: the logins are filtered out.
    await customer.getByRole('cell', { name: '登录成功' }).first().waitFor({ state: 'detached' });
    await customer.getByLabel('类型').click();
    await customer.getByTitle('登录', { exact: true }).click();
    await customer.getByRole('cell', { name: '登录成功' }).first().waitFor();

    const [download] = await Promise.all([
      customer.waitForEvent('download'),
      customer.getByRole('button', { name: /导出 CSV/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^operation-log-\d{8}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFF"时间","操作","类型","结果","操作人","IP","对象","详情"');
    expect(csv).toContain('"登录成功","登录","成功","本人"');
    expect(csv).not.toContain('"账号安全"');

    await switchToEnglish(customer);
    await customer.getByRole('cell', { name: 'Logged in' }).first().waitFor();
    await screenshot(customer, 'cdn-user-operation-log-en');

    const admin = await openPage();
    await logIn(admin, consoleNamed('cdn-admin'), ADMIN);
    await admin.goto(`${base}/admin/system/audit-log`);
    await admin.getByLabel('客户（用户名）').fill(CUSTOMER.username);
    await admin.getByLabel('客户（用户名）').press('Enter');
    await admin.getByRole('cell', { name: '登录成功' }).first().waitFor();
    const customers = await admin.locator('tbody tr.ant-table-row td:nth-child(6)').allInnerTexts();
    expect(new Set(customers)).toEqual(new Set([CUSTOMER.username]));
    await screenshot(admin, 'cdn-admin-audit-log');
    await switchToEnglish(admin);
    await admin.getByRole('cell', { name: 'Logged in' }).first().waitFor();
    await screenshot(admin, 'cdn-admin-audit-log-en');
  });
});
