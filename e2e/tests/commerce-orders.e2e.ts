import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../../apps/server/src/platform/auth/secrets';
import { seriousViolations } from '../support/axe';
import { freshPage, launchBrowser, screenshot, spaced, switchToEnglish } from '../support/browser';
import { seedBuyer, withDb } from '../support/db';
import { ADMIN } from '../support/global-setup';
import { callAsPage, consoleNamed, logIn } from '../support/login';

/**
 * Issue 22 §4 as people use it: an admin sells certificate products (a paid CA with External
 * Account Binding, a free one) and a traffic package; a customer buys a free certificate for
 * their own site's domain, goes to the pay step of a paid one, and buys a traffic package with
 * their balance, seeing it in their packages and plan usage. Both languages, axe on each screen.
 */
const BUYER = { username: 'e2e-orders-buyer', password: 'e2e-orders-pass-1' };
const DOMAIN = 'www.orders-e2e.test';
const PAID_SSL = '浏览器测试付费证书';
const FREE_SSL = '浏览器测试免费证书';
const PACKAGE = '浏览器测试流量包';
const P95_PLAN = '浏览器测试 95 计费套餐';

let browser: Browser;
const base = () => inject('baseUrl');

beforeAll(async () => {
  browser = await launchBrowser();
  const hash = await hashPassword(BUYER.password);
  await withDb(async (client) => {
    await seedBuyer(client, {
      username: BUYER.username,
      passwordHash: hash,
      mobile: '13900000022',
      cents: 3000,
    });
    // Their site serves at once (no ownership proof), as an admin's waiver allows.
    await client.query(`update customers set ownership_waived = true where username = $1`, [BUYER.username]);
    await client.query(
      `insert into edge_groups (name, is_default) select 'orders-e2e', true
       where not exists (select 1 from edge_groups where is_default)`,
    );
    // A plan with a monthly traffic quota: only beside one are traffic packages drawn.
    const attrs = JSON.stringify({ domains: 5, traffic: 100, https: true });
    const product = await client.query<{ id: number }>(
      `insert into products (kind, name, attrs, prices, on_sale)
       values ('cdn_plan', 'Orders-test plan', $1, '[{"unit":"m","cents":100}]', false) returning id`,
      [attrs],
    );
    await client.query(
      `insert into customer_plans (customer_id, product_id, kind, name, attrs, cycle, starts_at, ends_at, order_serial)
       select id, $2, 'cdn_plan', 'Orders-test plan', $3, 'm', now(), now() + interval '30 days', 'e2e-fixture'
       from customers where username = $1`,
      [BUYER.username, product.rows[0]!.id, attrs],
    );
  });
});
afterAll(async () => {
  await browser?.close();
});

async function check(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await screenshot(page, name);
  expect(await seriousViolations(page)).toEqual([]);
}

/** Picks `option` in the select labelled `label`; a click while the pop-up opens can miss. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  const shown = scope.locator('.ant-select', { has: page.getByLabel(label, { exact: true }) });
  for (let attempt = 1; ; attempt++) {
    try {
      await scope.getByLabel(label, { exact: true }).click();
      await page
        .locator('.ant-select-dropdown:visible')
        .getByTitle(option, { exact: true })
        .click({ timeout: 5_000 });
      await shown.filter({ hasText: option }).waitFor({ timeout: 5_000 });
      await page.keyboard.press('Escape');
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

async function saveProduct(admin: Page, dialog: Locator, name: string) {
  await dialog.getByRole('button', { name: spaced('保存') }).click();
  await dialog.waitFor({ state: 'hidden' });
  await admin.getByRole('row').filter({ hasText: name }).getByText('已上架').waitFor();
}

async function buyerPage(): Promise<Page> {
  const page = await freshPage(browser);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await logIn(page, consoleNamed('cdn-user'), BUYER);
  return page;
}

describe('certificate and traffic-package orders', () => {
  it('an admin sells a paid and a free certificate product and a traffic package', async () => {
    const admin = await freshPage(browser);
    await admin.emulateMedia({ reducedMotion: 'reduce' });
    await logIn(admin, consoleNamed('cdn-admin'), ADMIN);
    await admin.goto(`${base()}/admin/product/list`);
    const dialog = admin.getByRole('dialog');

    await admin.getByRole('button', { name: /新增产品/ }).click();
    await choose(admin, dialog, '产品类型', 'SSL 证书');
    await dialog.getByLabel('名称', { exact: true }).fill(PAID_SSL);
    await dialog.getByLabel('按年', { exact: true }).fill('100');
    await choose(admin, dialog, '证书颁发机构', '付费 CA（独立 ACME 目录）');
    await dialog.getByLabel('ACME 目录地址').fill('https://acme.ca.example/directory');
    await dialog.getByLabel('EAB 密钥 ID').fill('kid-e2e-1');
    await dialog.getByLabel('EAB HMAC 密钥').fill('aG1hYy1rZXktZm9yLWUyZS10ZXN0cy1vbmx5');
    await dialog.getByLabel('保存后立即上架').check();
    await check(admin, 'cdn-admin-product-ssl-paid-cn');
    await saveProduct(admin, dialog, PAID_SSL);

    // The sealed HMAC key never comes back: the field is empty and says a key is stored.
    await admin
      .getByRole('row')
      .filter({ hasText: PAID_SSL })
      .getByRole('button', { name: spaced('编辑') })
      .click();
    await expect.poll(() => dialog.getByLabel('EAB 密钥 ID').inputValue()).toBe('kid-e2e-1');
    expect(await dialog.getByLabel('EAB HMAC 密钥').inputValue()).toBe('');
    await dialog.getByText('已保存密钥且不会显示；留空则保留，填写新密钥则替换').waitFor();
    await check(admin, 'cdn-admin-product-ssl-edit-cn');
    await dialog.getByRole('button', { name: spaced('取消') }).click();
    await dialog.waitFor({ state: 'hidden' });

    await admin.getByRole('button', { name: /新增产品/ }).click();
    await choose(admin, dialog, '产品类型', 'SSL 证书');
    await dialog.getByLabel('名称', { exact: true }).fill(FREE_SSL);
    await dialog.getByLabel('按年', { exact: true }).fill('0');
    await dialog.getByLabel('保存后立即上架').check();
    await check(admin, 'cdn-admin-product-ssl-free-cn');
    await saveProduct(admin, dialog, FREE_SSL);

    await admin.getByRole('button', { name: /新增产品/ }).click();
    await choose(admin, dialog, '产品类型', '流量包');
    await dialog.getByLabel('名称', { exact: true }).fill(PACKAGE);
    await dialog.getByLabel('按月', { exact: true }).fill('5');
    await dialog.getByLabel('流量（GB）').fill('10');
    await dialog.getByLabel('保存后立即上架').check();
    await check(admin, 'cdn-admin-product-package-cn');
    await saveProduct(admin, dialog, PACKAGE);
    await check(admin, 'cdn-admin-products-commerce-cn');

    await switchToEnglish(admin);
    await admin.getByRole('row').filter({ hasText: PACKAGE }).getByText('¥5.00 / month').waitFor();
    await check(admin, 'cdn-admin-products-commerce-en');
    await admin.getByRole('row').filter({ hasText: PAID_SSL }).getByRole('button', { name: 'Edit' }).click();
    await dialog.getByText('A key is stored and is never shown').waitFor();
    await check(admin, 'cdn-admin-product-ssl-edit-en');
    await admin.context().close();
  });

  it('a customer buys a free certificate for their site and goes to pay for a paid one', async () => {
    const page = await buyerPage();
    const created = await callAsPage<{ id: number }>(page, 'app/site/domain/create', {
      domain: DOMAIN,
      origins: [{ address: 'origin.example.com', httpPort: 8080 }],
    });
    expect(created.code, created.msg).toBe(1);

    await page.goto(`${base()}/cdn/site/certificate`);
    await page.getByRole('button', { name: /购买证书/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: new RegExp(FREE_SSL) }).check();
    await choose(page, dialog, '域名', DOMAIN);
    await check(page, 'cdn-user-certificate-buy-free-cn');
    await dialog.getByRole('button', { name: spaced('下单') }).click();
    await dialog.waitFor({ state: 'hidden' });
    // No ACME CA answers in this tier: the order is placed and the certificate is listed as
    // being applied for (or already failed with the CA's reason); never as issued.
    const row = page.getByRole('row').filter({ hasText: DOMAIN });
    await row.getByText(/申请中|申请失败/).waitFor();
    expect(await row.getByText('已签发').count()).toBe(0);
    await check(page, 'cdn-user-certificate-bought-cn');

    await switchToEnglish(page);
    await page
      .getByRole('row')
      .filter({ hasText: DOMAIN })
      .getByText(/Applying|Failed/)
      .waitFor();
    await check(page, 'cdn-user-certificate-bought-en');
    await page.getByRole('button', { name: /Buy certificate/ }).click();
    await dialog.getByRole('radio', { name: new RegExp(PAID_SSL) }).check();
    await choose(page, dialog, 'Domains', DOMAIN);
    await dialog.getByText('Issued by the product’s CA').waitFor();
    await check(page, 'cdn-user-certificate-buy-paid-en');
    await dialog.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/payment\/order\/\d{20}$/);
    await page.getByRole('button', { name: /¥100\.00/ }).waitFor();
    await check(page, 'cdn-user-certificate-pay-en');
    await page.context().close();
  });

  it('a customer buys a traffic package with the balance and sees it in packages and plan usage', async () => {
    const page = await buyerPage();
    await page.goto(`${base()}/cdn/plan/prepaid`);
    await page.getByText('您还没有流量包').waitFor();
    await page.getByRole('radio', { name: new RegExp(PACKAGE) }).check();
    await check(page, 'cdn-user-packages-empty-cn');
    await page.getByRole('button', { name: spaced('立即购买') }).click();
    await page.waitForURL(/\/payment\/order\/\d{20}$/);
    const pay = page.getByRole('button', { name: /余额支付 ¥5\.00/ });
    await pay.click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s?定|确\s?认|OK/ })
      .click();
    await page.getByRole('status').getByText('支付成功', { exact: true }).waitFor();

    await page.goto(`${base()}/cdn/plan/prepaid`);
    const row = page.getByRole('row').filter({ hasText: PACKAGE });
    await row
      .getByRole('cell', { name: /^10(\.00)? GB$/ })
      .first()
      .waitFor();
    await row.getByText('有效').waitFor();
    await check(page, 'cdn-user-packages-cn');
    await page.goto(`${base()}/cdn/plan/usage`);
    await page.getByText(/流量包剩余 10(\.00)? GB/).waitFor();
    await check(page, 'cdn-user-plan-usage-package-cn');

    await switchToEnglish(page);
    await page.getByText(/the packages have 10(\.00)? GB left/).waitFor();
    await check(page, 'cdn-user-plan-usage-package-en');
    await page.goto(`${base()}/cdn/plan/prepaid`);
    await page.getByRole('row').filter({ hasText: PACKAGE }).getByText('In force').waitFor();
    await check(page, 'cdn-user-packages-en');
    await page.context().close();
  });
});

describe('plans settled by use (ADR 0044)', () => {
  it('an admin sells a plan billed by the monthly 95th percentile; its buyer sees this month’s estimate', async () => {
    const admin = await freshPage(browser);
    await admin.emulateMedia({ reducedMotion: 'reduce' });
    await logIn(admin, consoleNamed('cdn-admin'), ADMIN);
    await admin.goto(`${base()}/admin/product/list`);
    const dialog = admin.getByRole('dialog');
    await admin.getByRole('button', { name: /新增产品/ }).click();
    await choose(admin, dialog, '产品类型', 'CDN 套餐');
    await dialog.getByLabel('名称', { exact: true }).fill(P95_PLAN);
    await dialog.getByLabel('按月', { exact: true }).fill('10');
    await choose(admin, dialog, '计费方式', '月 95 峰值带宽');
    await dialog.getByLabel('每 Mbps 月单价').fill('12.34');
    await dialog.getByLabel('保存后立即上架').check();
    await dialog.getByLabel('每 Mbps 月单价').scrollIntoViewIfNeeded();
    await check(admin, 'cdn-admin-product-plan-p95-cn');
    await saveProduct(admin, dialog, P95_PLAN);
    await switchToEnglish(admin);
    await admin.getByRole('row').filter({ hasText: P95_PLAN }).getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Price per Mbps a month').scrollIntoViewIfNeeded();
    await check(admin, 'cdn-admin-product-plan-p95-en');
    await admin.context().close();

    // The buyer holds that plan (bought, as the traffic-package test's fixture plan is).
    await withDb((client) =>
      client.query(
        `insert into customer_plans (customer_id, product_id, kind, name, attrs, cycle, starts_at, ends_at, order_serial)
         select c.id, p.id, 'cdn_plan', p.name, p.attrs, 'm', now(), now() + interval '30 days', 'e2e-p95'
         from customers c, products p where c.username = $1 and p.name = $2`,
        [BUYER.username, P95_PLAN],
      ),
    );
    const page = await buyerPage();
    await page.goto(`${base()}/cdn/plan/usage`);
    const estimate = page.getByRole('region', { name: '本月预估结算' });
    await estimate.getByRole('row').filter({ hasText: P95_PLAN }).getByText('¥12.34/Mbps').waitFor();
    await check(page, 'cdn-user-plan-usage-estimate-cn');
    await switchToEnglish(page);
    await page.getByRole('region', { name: "This month's charge so far" }).getByText(P95_PLAN).waitFor();
    await check(page, 'cdn-user-plan-usage-estimate-en');
    await page.context().close();
  });
});
