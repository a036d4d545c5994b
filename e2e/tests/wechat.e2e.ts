import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshPage, launchBrowser, screenshot, switchToEnglish } from '../support/browser';
import { ADMIN, CUSTOMER, WECHAT_APP } from '../support/global-setup';
import { consoleNamed, logIn } from '../support/login';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const openPage = () => freshPage(browser);

describe('WeChat binding and login', () => {
  it('the admin switches WeChat login on; a customer binds WeChat by scanning and then signs in with it', async () => {
    const base = inject('baseUrl');
    const admin = await openPage();
    await logIn(admin, consoleNamed('cdn-admin'), ADMIN);
    await admin.goto(`${base}/admin/system/wechat`);
    await admin.getByRole('button', { name: /保\s*存/ }).click();
    await admin
      .getByText('请输入AppID')
      .or(admin.getByText(/AppID.*不能为空/))
      .first()
      .waitFor();
    await admin.getByLabel('AppID').fill(WECHAT_APP.appId);
    await admin.getByLabel('AppSecret').fill(WECHAT_APP.appSecret);
    await admin.getByRole('switch').click();
    await screenshot(admin, 'cdn-admin-wechat-settings');
    await admin.getByRole('button', { name: /保\s*存/ }).click();
    await admin.getByText('保存成功').waitFor();
    await admin.reload();
    await admin.getByPlaceholder('已设置，留空则保持不变').waitFor();
    await switchToEnglish(admin);
    await admin.getByPlaceholder('Set — leave blank to keep it').waitFor();
    await screenshot(admin, 'cdn-admin-wechat-settings-en');

    const customer = await openPage();
    await logIn(customer, consoleNamed('cdn-user'), CUSTOMER);
    await customer.goto(`${base}/cdn/account/info`);
    await customer.getByRole('button', { name: '绑定微信' }).click();
    // The fake WeChat's QR page: a person scans and confirms.
    await customer.getByRole('button', { name: 'Confirm login' }).click();
    await customer.waitForURL((url) => url.pathname === '/cdn/account/info' && !url.search.includes('code='));
    await customer.getByText('nick-openid-browser').waitFor();
    await screenshot(customer, 'cdn-user-wechat-bound');

    // Signed out, the login page offers WeChat; scanning signs the same customer in.
    await customer.context().clearCookies();
    await customer.evaluate(() => localStorage.clear());
    await customer.goto(`${base}/login`);
    await customer.getByRole('button', { name: '微信扫码登录' }).click();
    await customer.getByRole('button', { name: 'Confirm login' }).click();
    await customer.waitForURL((url) => url.pathname === '/cdn/dashboard', { timeout: 30_000 });
    await customer.getByRole('button', { name: /账户菜单|Account menu/ }).waitFor();
    expect(await customer.getByText(CUSTOMER.username).count()).toBeGreaterThan(0);

    // Unbinding turns it off again.
    await customer.goto(`${base}/cdn/account/info`);
    await customer.getByRole('button', { name: /解\s*绑/ }).click();
    await customer
      .getByRole('tooltip')
      .getByRole('button', { name: /解\s*绑/ })
      .click();
    await customer.getByRole('button', { name: '绑定微信' }).waitFor();
  });
});
