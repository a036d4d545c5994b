import { createCanvas } from '@napi-rs/canvas';
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

const openPage = () => freshPage(browser);

/** A small screenshot-like PNG with a caption, as a customer would attach. */
function pngOf(caption: string, color: string): { name: string; mimeType: string; buffer: Buffer } {
  const canvas = createCanvas(320, 180);
  const context = canvas.getContext('2d');
  context.fillStyle = color;
  context.fillRect(0, 0, 320, 180);
  context.fillStyle = '#ffffff';
  context.font = '28px sans-serif';
  context.fillText(caption, 24, 100);
  return { name: `${caption}.png`, mimeType: 'image/png', buffer: canvas.toBuffer('image/png') };
}

describe('work orders', () => {
  it('a customer files one with two images, an admin answers and completes it, the customer closes it with a rating', async () => {
    const base = inject('baseUrl');
    const customer = await openPage();
    await logIn(customer, consoleNamed('cdn-user'), CUSTOMER);
    await customer.goto(`${base}/cdn/work-order/list/status`);
    await customer.getByText('暂无工单').waitFor();
    await screenshot(customer, 'cdn-user-work-orders-empty');

    await customer.getByRole('button', { name: '提交工单' }).click();
    await customer.getByRole('button', { name: '下一步' }).click();
    await customer.getByText('请选择问题类别').waitFor();
    await customer.getByText('缓存刷新与预热').click();
    await customer.getByText('问题涉及的站点').waitFor();
    await screenshot(customer, 'cdn-user-work-order-step-1');
    await customer.getByRole('button', { name: '下一步' }).click();

    await customer.getByLabel('标题', { exact: true }).fill('首页图片没有更新');
    await customer.getByRole('button', { name: /提\s*交/ }).click();
    await customer.getByText('问题描述不能为空').waitFor();
    await customer
      .getByLabel('问题描述', { exact: true })
      .fill('刷新 https://www.example.com/banner.png 之后仍是旧图片。');
    await customer
      .locator('input[type=file]')
      .setInputFiles([pngOf('before', '#177DFF'), pngOf('after', '#389e0d')]);
    await customer.locator('.ant-upload-list-item').nth(1).waitFor();
    await screenshot(customer, 'cdn-user-work-order-step-2');
    await customer.getByRole('button', { name: /提\s*交/ }).click();
    await customer.getByText('工单已提交').first().waitFor();
    const number = (await customer.getByText(/工单号为 \d+/).innerText()).match(/\d{14}/)![0];
    await screenshot(customer, 'cdn-user-work-order-step-3');
    await customer.getByRole('button', { name: '查看工单' }).click();
    await customer.getByRole('img', { name: 'after.png' }).waitFor();
    expect(await customer.getByRole('img', { name: /(before|after)\.png/ }).count()).toBe(2);

    const admin = await openPage();
    await logIn(admin, consoleNamed('cdn-admin'), ADMIN);
    await switchToEnglish(admin);
    await admin.goto(`${base}/admin/support/work-orders`);
    const row = admin.getByRole('row', { name: new RegExp(number) });
    await row.getByText('Pending').waitFor();
    await screenshot(admin, 'cdn-admin-work-orders-en');
    await row.getByRole('link', { name: '首页图片没有更新' }).click();
    await admin.getByRole('img', { name: 'before.png' }).waitFor();
    await admin
      .getByLabel('Answer the customer', { exact: true })
      .fill('The old image was cached by your browser; the edges now serve the new one.');
    await admin.getByRole('button', { name: 'Send' }).click();
    await admin.getByText('Processing', { exact: true }).waitFor();
    await admin.getByRole('button', { name: 'Mark completed' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Mark completed' }).click();
    await admin.getByText('Completed', { exact: true }).waitFor();
    await screenshot(admin, 'cdn-admin-work-order-detail-en');

    await customer.reload();
    await customer.getByText('客服已将此工单标记为完成').waitFor();
    await customer.getByText('The old image was cached').waitFor();
    await screenshot(customer, 'cdn-user-work-order-completed');
    await switchToEnglish(customer);
    await customer.getByRole('button', { name: 'Close work order' }).click();
    const dialog = customer.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Close work order' }).click();
    await dialog.getByText('Choose whether the problem was resolved').waitFor();
    await dialog.getByRole('radio', { name: 'Resolved', exact: true }).check();
    await dialog.getByLabel('Feedback', { exact: true }).fill('Quick and clear, thank you.');
    await screenshot(customer, 'cdn-user-work-order-close-en');
    await dialog.getByRole('button', { name: 'Close work order' }).click();
    await customer.getByText('This work order is closed').waitFor();
    await expect(customer.getByLabel('Add a supplement').count()).resolves.toBe(0);
    await screenshot(customer, 'cdn-user-work-order-closed-en');

    await customer.goto(`${base}/cdn/work-order/list/status`);
    await customer.getByRole('tab', { name: 'Closed (1)' }).waitFor();
    await screenshot(customer, 'cdn-user-work-orders-en');
  });
});
