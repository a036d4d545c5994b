import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
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

/**
 * Picks `option` of the select named `label` (antd lists its options in a pop-up of the page).
 * A click during the pop-up's opening or closing animation can miss, or find the pop-up gone:
 * pick again (opening it anew) until the select shows the option.
 */
async function choose(page: Page, scope: Page | Locator, label: RegExp, option: string) {
  const select = scope.getByRole('combobox', { name: label });
  const shown = scope.locator('.ant-select', { has: page.getByRole('combobox', { name: label }) }).filter({
    hasText: option,
  });
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await page.locator('.ant-select-dropdown:visible').count())) await select.click();
      await page
        .locator('.ant-select-dropdown:visible')
        .getByTitle(option, { exact: true })
        .click({ timeout: 5_000 });
      await shown.waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 4) throw error;
    }
  }
}

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text).waitFor();
/** The list's row of an address (its first cell), not a statistics table's. */
const rowOf = (page: Page, range: string) =>
  page.locator('.nimbus-data-table tr.ant-table-row').filter({ has: page.getByText(range, { exact: true }) });

/** Issue 20 §3: the platform blocklist as an admin uses it, in both languages. */
describe('admin blocklist', () => {
  it('blocks an address, sees it active, releases it; a bad line is named; in Chinese and English', async () => {
    const admin = await freshPage(browser);
    await logIn(admin, consoleNamed('cdn-admin'), ADMIN);
    await admin.getByRole('menuitem', { name: '系统配置' }).click();
    await admin.getByRole('menuitem', { name: '黑名单' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/system/blocklist');
    await admin.getByText('黑名单如何生效').waitFor();
    await admin.getByText('无需重载 nginx', { exact: false }).waitFor();
    // No edge refused anything in the tests' Nimbus: both statistics tables say so.
    expect(await admin.getByText('最近 1 小时内没有请求被拦截').count()).toBe(2);
    await screenshot(admin, 'cdn-admin-blocklist');
    expect(await seriousViolations(admin)).toEqual([]);

    // A bad line is named before anything is sent.
    await admin.getByRole('button', { name: /封\s*禁/ }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('IP 地址').fill('203.0.113.50\n10.0.0.300');
    await dialog.getByText('第 2 行：10.0.0.300 不是 IP 地址或 CIDR 网段（IP 格式错误）').waitFor();
    await screenshot(admin, 'cdn-admin-blocklist-bad-line');
    expect(await seriousViolations(admin)).toEqual([]);

    await dialog.getByLabel('IP 地址').fill('203.0.113.50');
    await choose(admin, dialog, /封禁时长/, '1 小时');
    await dialog.getByLabel('封禁原因').fill('e2e 扫描后台');
    await dialog.getByRole('button', { name: /封\s*禁/ }).click();
    await toast(admin, '已封禁 1 个地址，各节点将在数秒内生效');
    await dialog.waitFor({ state: 'detached' });
    const row = rowOf(admin, '203.0.113.50');
    await row.getByText('生效中').waitFor();
    await row.getByText(/^剩余 (59|60) 分钟$|^剩余 1 小时 0 分钟$/).waitFor();
    await row.getByText('e2e 扫描后台').waitFor();
    await row.getByText('admin', { exact: true }).waitFor();
    await screenshot(admin, 'cdn-admin-blocklist-active');

    await row.getByRole('button', { name: /解\s*封/ }).click();
    const confirm = admin.getByRole('tooltip');
    await confirm.getByText('解封 203.0.113.50？').waitFor();
    await screenshot(admin, 'cdn-admin-blocklist-release-confirm');
    await confirm.getByRole('button', { name: /解\s*封/ }).click();
    await toast(admin, '已解封 1 个地址');
    // The list shows the active entries: the released one is there under "released".
    await row.waitFor({ state: 'detached' });
    await choose(admin, admin, /状态/, '已解封');
    await rowOf(admin, '203.0.113.50').getByText('已解封').waitFor();
    await rowOf(admin, '203.0.113.50')
      .getByText(/^admin 于 /)
      .waitFor();
    await screenshot(admin, 'cdn-admin-blocklist-released');

    await switchToEnglish(admin);
    await admin.getByText('How the blocklist works').waitFor();
    await admin.getByRole('button', { name: /Block$/ }).click();
    const blockEn = admin.getByRole('dialog');
    await blockEn.getByLabel('Addresses').fill('2001:db8::/8');
    await blockEn
      .getByText(
        'Line 1: 2001:db8::/8 is too wide; an IPv4 block needs a prefix of at least /8, IPv6 at least /16',
      )
      .waitFor();
    await screenshot(admin, 'cdn-admin-blocklist-too-wide-en');
    await blockEn.getByLabel('Addresses').fill('2001:db8::7');
    await blockEn.getByLabel('Reason').fill('e2e scanner');
    await blockEn.getByRole('button', { name: 'Block', exact: true }).click();
    await toast(admin, '1 blocked; every node enforces it within seconds');
    await blockEn.waitFor({ state: 'detached' });

    await choose(admin, admin, /State/, 'Active');
    const rowEn = rowOf(admin, '2001:db8::7');
    await rowEn.getByText('Permanent').waitFor();
    await rowEn.getByText('Active').waitFor();
    await screenshot(admin, 'cdn-admin-blocklist-active-en');
    expect(await seriousViolations(admin)).toEqual([]);

    // Conditional release refuses an empty form; then the selection is released in bulk.
    await admin.getByRole('button', { name: /Conditional release$/ }).click();
    const condition = admin.getByRole('dialog');
    await condition.getByRole('button', { name: 'Release matching' }).click();
    await condition.getByText(/Give at least one condition/).waitFor();
    await screenshot(admin, 'cdn-admin-blocklist-conditional-en');
    await condition.getByRole('button', { name: 'Cancel' }).click();
    await condition.waitFor({ state: 'detached' });

    await rowEn.getByRole('checkbox').check();
    await admin.getByRole('button', { name: 'Release selected (1)' }).click();
    const bulk = admin.locator('.ant-modal-confirm');
    await bulk.getByText('Entries selected: 1. Every edge node serves them again within seconds.').waitFor();
    await screenshot(admin, 'cdn-admin-blocklist-release-selected-en');
    await bulk.getByRole('button', { name: 'Release', exact: true }).click();
    await toast(admin, '1 released');
    await rowEn.waitFor({ state: 'detached' });
    await choose(admin, admin, /State/, 'Released');
    await rowOf(admin, '2001:db8::7').getByText('Released').waitFor();
    await screenshot(admin, 'cdn-admin-blocklist-released-en');
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.context().close();
  });
});
