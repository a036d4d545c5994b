import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
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

describe('product management', () => {
  it('an admin adds a plan with two prices and puts it on sale', async () => {
    const admin = await freshPage(browser);
    await logIn(admin, consoleNamed('cdn-admin'), ADMIN);
    await admin.goto(`${inject('baseUrl')}/admin/product/list`);
    // Other browser tests (commerce, edge) add products of their own first: no empty list here.
    await admin.getByRole('button', { name: /新增产品/ }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('名称').fill('基础版 CDN');
    await dialog.getByLabel('按月', { exact: true }).fill('99');
    await dialog.getByLabel('按年', { exact: true }).fill('990');
    await dialog.getByLabel('域名数').fill('10');
    await dialog.getByLabel('流量（GB/月）').fill('100');
    await screenshot(admin, 'cdn-admin-product-new');
    await dialog.getByRole('button', { name: /保\s?存/ }).click();
    const row = admin.getByRole('row').filter({ hasText: '基础版 CDN' });
    await row.getByText('¥99.00 / 月').waitFor();
    await row.getByText('已下架').waitFor();
    await row.getByRole('button', { name: /上\s?架/ }).click();
    await row.getByText('已上架').waitFor();
    await screenshot(admin, 'cdn-admin-products');

    await switchToEnglish(admin);
    await admin.getByRole('row').filter({ hasText: '基础版 CDN' }).getByText('¥990.00 / year').waitFor();
    await screenshot(admin, 'cdn-admin-products-en');
    await admin.context().close();
  });
});
