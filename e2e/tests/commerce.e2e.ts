import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../../apps/server/src/platform/auth/secrets';
import { startFakeEasypay } from '../../apps/server/src/integrations/payment/easypay/testing/fake-easypay';
import { freshPage, launchBrowser, screenshot, spaced, switchToEnglish } from '../support/browser';
import { seedBuyer, withDb } from '../support/db';
import { ADMIN } from '../support/global-setup';
import { consoleNamed, logIn } from '../support/login';

/**
 * Commerce as people use it (issue 8 §5): a customer buys a plan with their balance and sees it
 * in force; an admin switches on a gateway (a local easy-pay provider); the customer recharges
 * through the hand-off route, pays on the provider's page and sees the money arrive.
 */
const BUYER = { username: 'e2e-buyer', password: 'e2e-buyer-pass-1' };
const MERCHANT = { pid: '2001', key: 'e2e-easypay-key' };
const PLAN = '浏览器测试套餐';

let browser: Browser;
let fake: Awaited<ReturnType<typeof startFakeEasypay>>;
const base = () => inject('baseUrl');

beforeAll(async () => {
  browser = await launchBrowser();
  fake = await startFakeEasypay(MERCHANT);
  const hash = await hashPassword(BUYER.password);
  await withDb(async (client) => {
    await seedBuyer(client, {
      username: BUYER.username,
      passwordHash: hash,
      mobile: '13900000001',
      cents: 3000,
    });
    await client.query(
      `insert into products (kind, name, description, attrs, prices, on_sale, sort)
       values ('cdn_plan', $1, '5 个域名，每月 100 GB', '{"domains":5,"traffic":100,"https":true}', '[{"unit":"m","cents":1000}]', true, 0)`,
      [PLAN],
    );
  });
});
afterAll(async () => {
  await fake?.close();
  await browser?.close();
});

async function customerPage(): Promise<Page> {
  const page = await freshPage(browser);
  await logIn(page, consoleNamed('cdn-user'), BUYER);
  return page;
}

describe('commerce', () => {
  it('a customer buys a plan with the balance and sees it in their plans', async () => {
    const page = await customerPage();
    await page.goto(`${base()}/cdn/plan/purchase`);
    await page.getByText(PLAN).first().click();
    await screenshot(page, 'cdn-user-plan-purchase-cn');
    await page.getByRole('button', { name: spaced('立即购买') }).click();
    await page.waitForURL(/\/payment\/order\/\d{20}$/);
    const pay = page.getByRole('button', { name: /余额支付 ¥10\.00/ });
    await pay.waitFor();
    await screenshot(page, 'cdn-user-order-pay-cn');
    await pay.click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s?定|确\s?认|OK/ })
      .click();
    // Exact: the purchase page kept alive behind this one mentions payment in its intro.
    await page.getByRole('status').getByText('支付成功', { exact: true }).waitFor();
    await screenshot(page, 'cdn-user-order-paid-cn');

    await page.goto(`${base()}/cdn/plan/own/list`);
    await page.getByRole('cell', { name: PLAN }).waitFor();
    await page.getByText('未使用').first().waitFor();
    await screenshot(page, 'cdn-user-plans-cn');
    await switchToEnglish(page);
    await page.getByText('Unused').first().waitFor();
    await screenshot(page, 'cdn-user-plans-en');
    await page.goto(`${base()}/cdn/finance/order/14`);
    await page.getByRole('cell', { name: 'Plan purchase' }).first().waitFor();
    await screenshot(page, 'cdn-user-orders-en');
    await page.context().close();
  });

  it('an admin switches on a gateway; the customer recharges through it and the money arrives', async () => {
    const admin = await freshPage(browser);
    await logIn(admin, consoleNamed('cdn-admin'), ADMIN);
    await admin.goto(`${base()}/admin/system/payment`);
    await admin.getByRole('tab', { name: '易支付' }).click();
    await admin.getByLabel('接口地址').fill(fake.base);
    await admin.getByLabel('商户 ID').fill(MERCHANT.pid);
    await admin.getByLabel('商户密钥').fill(MERCHANT.key);
    await admin.getByRole('switch', { name: '启用' }).click();
    await screenshot(admin, 'cdn-admin-payment-channels-cn');
    await admin.getByRole('button', { name: spaced('保存') }).click();
    await admin.locator('.ant-message').getByText(/成功/).waitFor();
    await admin.context().close();

    const page = await customerPage();
    await page.goto(`${base()}/cdn/finance/recharge`);
    await page.getByLabel('易支付').check();
    await page.getByLabel('充值金额').fill('50');
    await screenshot(page, 'cdn-user-recharge-cn');
    await page.getByRole('button', { name: spaced('去支付') }).click();
    await page.waitForURL(/\/payment\/handoff\/\d{20}\/5000\//);
    await screenshot(page, 'cdn-user-payment-handoff-cn');
    // The page goes by itself after a short countdown; the button goes at once.
    await page
      .getByRole('link', { name: /前往易支付支付/ })
      .click({ timeout: 3_000 })
      .catch(() => undefined);
    await page.waitForURL((url) => url.href.startsWith(fake.base));
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/payment\/handoff\//);
    await page.getByText('支付成功').first().waitFor();
    await screenshot(page, 'cdn-user-payment-returned-cn');
    expect(fake.replies).toContain('success');

    await page.goto(`${base()}/cdn/finance/ledger`);
    await page.getByRole('cell', { name: '+¥50.00' }).waitFor();
    await screenshot(page, 'cdn-user-ledger-cn');
    await switchToEnglish(page);
    await page.goto(`${base()}/cdn/finance/recharge`);
    await page.getByText('Easy pay').first().waitFor();
    await screenshot(page, 'cdn-user-recharge-en');
    await page.context().close();
  });
});
