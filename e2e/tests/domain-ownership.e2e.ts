import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { freshPage, launchBrowser, screenshot, switchToEnglish } from '../support/browser';
import { givePlan, withDb } from '../support/db';
import { CUSTOMER } from '../support/global-setup';
import { callAsPage, consoleNamed, logIn } from '../support/login';

/**
 * Domain ownership as a customer meets it (issue 17 §3): a new site waits for proof, the CNAME
 * check shows which proof is missing and the TXT record to add; once the record is in the
 * customer's DNS (here their zone on Nimbus's own PowerDNS), "verify now" lets the site serve.
 */
const OWNER = { username: 'owner-e2e', password: CUSTOMER.password };
const ZONE = 'owner-e2e.test';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await withDb(async (client) => {
    // A customer whose proof is not waived (the seeded demo's is), with demo's password.
    await client.query(
      `insert into customers (username, password_hash) select $1, password_hash from customers where username = 'demo'`,
      [OWNER.username],
    );
    await client.query(
      `insert into edge_groups (name, is_default) select 'ownership-e2e', true
       where not exists (select 1 from edge_groups where is_default)`,
    );
    await client.query(
      `update sys_config set param_value = jsonb_set(param_value::jsonb, '{cnameDomain}', '"cdn.e2e.test"')::text
       where param_key = 'dns_rewrite' and coalesce(param_value::jsonb ->> 'cnameDomain', '') = ''`,
    );
  });
  await givePlan(OWNER.username);
});
afterAll(async () => {
  await browser?.close();
});

async function openCheck(page: Page, domain: string, linkName: RegExp) {
  const row = page.getByRole('row').filter({ hasText: domain });
  await row.getByRole('button', { name: linkName }).click();
  return page.locator('.ant-popover').filter({ hasText: domain });
}

describe('domain ownership', () => {
  it('shows an unproved site awaiting verification, the TXT record to add, and verifies it in both languages', async () => {
    const page = await freshPage(browser);
    await logIn(page, consoleNamed('cdn-user'), OWNER);
    const origins = [{ address: 'origin.example.com', httpPort: 8080 }];
    for (const domain of [`www.${ZONE}`, `en.${ZONE}`])
      expect((await callAsPage(page, 'app/site/domain/create', { domain, origins })).code).toBe(1);
    const zone = await callAsPage<{ id: number }>(page, 'app/dns/zone/create', { name: ZONE });
    expect(zone.code).toBe(1);

    await page.goto(`${inject('baseUrl')}/cdn/site/domain/list`);
    await page
      .getByRole('row')
      .filter({ hasText: `www.${ZONE}` })
      .getByText('等待验证')
      .waitFor();
    const popover = await openCheck(page, `www.${ZONE}`, /检测\s*CNAME/);
    await popover.getByText('等待验证：站点已保存，但在完成下面任一项验证前不会加速').waitFor();
    await popover.getByText('尚未指向本平台：没有找到 CNAME 记录').waitFor();
    await popover.getByText('尚未找到 TXT 记录').waitFor();
    await popover.getByText(`_nimbus-verify.www.${ZONE}`, { exact: true }).waitFor();
    const token = (await popover.locator('code').last().innerText()).trim();
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    await screenshot(page, 'cdn-user-domain-ownership-missing-cn');
    expect(await seriousViolations(page)).toEqual([]);

    // The customer adds the record at their DNS provider (their zone on Nimbus here).
    const record = await callAsPage(page, 'app/dns/record/save', {
      zoneId: zone.data.id,
      hostRecord: '_nimbus-verify.www',
      recordType: 'TXT',
      recordValue: token,
    });
    expect(record.code).toBe(1);
    await popover.getByRole('button', { name: /立即验证/ }).click();
    await popover.getByText('域名已验证，站点正在加速').waitFor();
    await screenshot(page, 'cdn-user-domain-ownership-proved-cn');
    await page.keyboard.press('Escape');
    await expect
      .poll(async () =>
        page
          .getByRole('row')
          .filter({ hasText: `www.${ZONE}` })
          .getByText('等待验证')
          .count(),
      )
      .toBe(0);
    await screenshot(page, 'cdn-user-domain-ownership-verified-cn');

    await switchToEnglish(page);
    const english = await openCheck(page, `en.${ZONE}`, /Check CNAME/);
    await english
      .getByText(
        'Awaiting verification: the site is saved but not served until one of the proofs below is in place',
      )
      .waitFor();
    await english.getByText('No TXT record found yet').waitFor();
    await english.getByText(`_nimbus-verify.en.${ZONE}`, { exact: true }).waitFor();
    await english.getByText(token, { exact: true }).waitFor();
    await english.getByRole('button', { name: 'Verify now' }).waitFor();
    await screenshot(page, 'cdn-user-domain-ownership-missing-en');
    await page.context().close();
  });
});
