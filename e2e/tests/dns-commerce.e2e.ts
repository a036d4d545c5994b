import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../../apps/server/src/platform/auth/secrets';
import { freshPage, launchBrowser, screenshot, spaced, switchToEnglish } from '../support/browser';
import { seedBuyer, withDb } from '../support/db';
import { consoleNamed, logIn } from '../support/login';

/**
 * Commerce in the DNS console (issue 22 §3): the avatar's "buy plan" opens the DNS plans on
 * sale (not "not available yet"); a customer buys one with the balance and sees it among their
 * own plans, where a CDN plan on sale is not offered.
 */
const BUYER = { username: 'e2e-dns-buyer', password: 'e2e-dns-buyer-pass-1' };
const PLAN = 'DNS 专业版';
const CDN_PLAN = 'DNS 控制台不卖的 CDN 套餐';

let browser: Browser;
const base = () => inject('baseUrl');

beforeAll(async () => {
  browser = await launchBrowser();
  const hash = await hashPassword(BUYER.password);
  await withDb(async (client) => {
    await seedBuyer(client, {
      username: BUYER.username,
      passwordHash: hash,
      mobile: '13900000002',
      cents: 5000,
    });
    await client.query(
      `insert into products (kind, name, description, attrs, prices, on_sale, sort)
       values ('dns_plan', $1, '更多域名与记录', '{"dnsZones":20,"dnsRecords":500,"dnssec":true}', '[{"unit":"m","cents":2000}]', true, 0),
              ('cdn_plan', $2, '', '{"domains":5}', '[{"unit":"m","cents":1000}]', true, 0)`,
      [PLAN, CDN_PLAN],
    );
  });
});
afterAll(async () => {
  await browser?.close();
});

/** Opens an avatar entry; the header may re-render under the pointer and drop the click, so try again. */
async function openFromAvatar(page: Page, entry: string, path: string) {
  for (let attempt = 1; new URL(page.url()).pathname !== path; attempt++) {
    try {
      await page.getByRole('button', { name: '账户菜单' }).click({ timeout: 5_000 });
      await page
        .locator('.ant-dropdown-menu')
        .getByRole('menuitem', { name: entry })
        .click({ timeout: 5_000 });
      await page.waitForURL((url) => url.pathname === path, { timeout: 10_000 });
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

describe('DNS console commerce', () => {
  it('a DNS customer buys a DNS plan from the avatar menu, pays from the balance and sees it in own plans', async () => {
    const page = await freshPage(browser);
    await logIn(page, consoleNamed('dns-user'), BUYER);
    await openFromAvatar(page, '购买套餐', '/dns/plan/purchase');
    await page.getByText(PLAN).first().click();
    expect(await page.getByText('此功能暂未开放。').count()).toBe(0);
    expect(await page.getByText(CDN_PLAN).count()).toBe(0);
    await screenshot(page, 'dns-user-plan-purchase-cn');
    await page.getByRole('button', { name: spaced('立即购买') }).click();
    await page.waitForURL(/\/dns\/payment\/order\/\d{20}$/);
    const pay = page.getByRole('button', { name: /余额支付 ¥20\.00/ });
    await pay.waitFor();
    await pay.click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s?定|确\s?认|OK/ })
      .click();
    await page.getByRole('status').getByText('支付成功', { exact: true }).waitFor();
    await screenshot(page, 'dns-user-order-paid-cn');

    await page.getByRole('link', { name: '我的套餐' }).first().click();
    await page.waitForURL((url) => url.pathname === '/dns/plan/own/list');
    await page.getByRole('cell', { name: PLAN }).waitFor();
    await screenshot(page, 'dns-user-plans-cn');
    await switchToEnglish(page);
    await page.getByText('Your DNS plans.').first().waitFor();
    await page.getByText('DNS domains 20 · Records per domain 500 · DNSSEC').first().waitFor();
    await page.getByRole('cell', { name: PLAN }).waitFor();
    await screenshot(page, 'dns-user-plans-en');
    await page.goto(`${base()}/dns/finance/order/14`);
    await page.getByRole('cell', { name: 'Plan purchase' }).first().waitFor();
    await screenshot(page, 'dns-user-orders-en');
    await page.goto(`${base()}/dns/finance/recharge`);
    await page.getByText('Recharge amount').first().waitFor();
    await screenshot(page, 'dns-user-recharge-en');
    await page.context().close();
  });
});
