import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { freshPage, launchBrowser, screenshot, switchToEnglish } from '../support/browser';
import { givePlan, withDb } from '../support/db';
import { CUSTOMER } from '../support/global-setup';
import { callAsPage, consoleNamed, logIn } from '../support/login';

/**
 * Issue 20 §2 "waf" as a customer uses it: on their site's WAF tab they write a rule with two
 * conditions, see it in words in the table, try a request in the test box and see it refused,
 * and switch on a ready-made rule set; in Chinese and English.
 */
const DOMAIN = 'www.waf-e2e.test';
let browser: Browser;
let siteId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  await givePlan(CUSTOMER.username);
  // A site needs a node group to be placed in; an earlier suite may have made one already.
  await withDb((client) =>
    client.query(
      `insert into edge_groups (name, is_default) select 'waf-e2e', true
       where not exists (select 1 from edge_groups where is_default)`,
    ),
  );
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Picks `option` of the select named `label`. A click during the pop-up's opening (or while the
 * previous pop-up closes) can miss: close it and pick again until the select shows the choice.
 */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  const select = scope.getByLabel(label, { exact: false });
  // `has` is looked for inside each select: a locator from the page, not from `scope`.
  const shown = scope
    .locator('.ant-select', { has: page.getByLabel(label, { exact: false }) })
    .filter({ hasText: option });
  for (let attempt = 1; ; attempt++) {
    try {
      await select.click();
      await page
        .locator('.ant-select-dropdown:visible')
        .getByTitle(option, { exact: true })
        .click({ timeout: 5_000 });
      await shown.waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/** A button's accessible name: antd spaces two Chinese characters ("保 存"); an icon adds its name. */
const label = (text: string) => new RegExp(`^(?:[a-z-]+ )?${[...text].join('\\s*')}$`);

async function openWafTab(page: Page) {
  await page.goto(`${inject('baseUrl')}/cdn/site/domain/admin?id=${siteId}&tab=waf`);
}

describe('site WAF tab', () => {
  it('a customer adds a rule with two conditions, tests a request, enables a preset (Chinese)', async () => {
    const page = await freshPage(browser);
    await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
    const created = await callAsPage<{ id: number }>(page, 'app/site/domain/create', {
      domain: DOMAIN,
      origins: [{ address: 'origin.example.com', httpPort: 8080 }],
    });
    expect(created.code).toBe(1);
    siteId = created.data.id;

    await openWafTab(page);
    await page.getByText(/还没有 WAF 规则/).waitFor();
    await screenshot(page, 'cdn-user-site-waf-empty-cn');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: label('添加规则') }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel('备注').fill('后台只许 GET');
    const first = drawer.getByRole('group', { name: '条件 1' });
    await first.getByLabel('匹配内容').fill('/admin');
    await drawer.getByRole('button', { name: label('添加条件') }).click();
    const second = drawer.getByRole('group', { name: '条件 2' });
    await choose(page, second, '匹配对象', '请求方法');
    await choose(page, second, '匹配方式', '等于');
    await second.getByLabel('匹配内容').fill('POST|PUT');
    await drawer.getByText('以 403 拒绝请求。').waitFor();
    await screenshot(page, 'cdn-user-site-waf-drawer-cn');
    expect(await seriousViolations(page)).toEqual([]);
    await drawer.getByRole('button', { name: label('保存') }).click();
    await drawer.waitFor({ state: 'hidden' });

    const row = page.locator('.nimbus-data-table tr.ant-table-row').filter({ hasText: '后台只许 GET' });
    await row.getByText('路径 以 /admin 开头 且 请求方法 等于 POST | PUT').waitFor();
    await row.getByText('拦截', { exact: true }).waitFor();

    const box = page.getByRole('form', { name: '测试规则集' });
    await box.getByLabel('请求方法').fill('POST');
    await box.getByLabel('URL').fill('/admin/users?id=1');
    await box.getByRole('button', { name: label('开始测试') }).click();
    await page.getByText('被规则 #1 以 403 拒绝').waitFor();

    await page.getByRole('button', { name: '启用常见扫描器' }).click();
    await page.getByText('预置：常见扫描器').waitFor();
    await page.getByText('已启用（1 条规则）').waitFor();
    await page.mouse.move(0, 0);
    await screenshot(page, 'cdn-user-site-waf-cn');
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('reads the same rules and answers the test box in English', async () => {
    const page = await freshPage(browser);
    await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
    await switchToEnglish(page);
    await openWafTab(page);
    await page.getByText('Path starts with /admin AND Method equals POST | PUT').waitFor();
    await page.getByText('Preset: Common scanners').waitFor();

    const box = page.getByRole('form', { name: 'Test this rule set' });
    await box.getByLabel('URL').fill('/admin/users');
    await box.getByRole('button', { name: 'Run test' }).click();
    await page.getByText('Passes to the origin', { exact: true }).waitFor();
    await box.getByLabel('Headers').fill('User-Agent: sqlmap/1.7');
    await box.getByRole('button', { name: 'Run test' }).click();
    await page.getByText('Refused with 403 by rule #2').waitFor();
    // The pointer leaves the button it clicked: a hovered primary button is lighter (axe contrast).
    await page.mouse.move(0, 0);
    await screenshot(page, 'cdn-user-site-waf-en');
    expect(await seriousViolations(page)).toEqual([]);

    // Dragging the ready-made rule onto the first row runs it first.
    const rows = page.locator('.nimbus-data-table tr.ant-table-row');
    await rows.nth(1).dragTo(rows.nth(0));
    await rows.nth(0).getByText('Preset: Common scanners').waitFor();
    await rows.nth(1).getByText('Path starts with /admin AND Method equals POST | PUT').waitFor();
    await page.reload();
    await rows.nth(0).getByText('Preset: Common scanners').waitFor();

    await page.getByRole('button', { name: /Add rule/ }).click();
    await page.getByRole('dialog').getByText('Refuses the request with 403.').waitFor();
    await screenshot(page, 'cdn-user-site-waf-drawer-en');
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
