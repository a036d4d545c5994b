import dns from 'node:dns/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { freshPage, launchBrowser, screenshot, switchToEnglish } from '../support/browser';
import { ADMIN, CUSTOMER } from '../support/global-setup';
import { consoleNamed, logIn } from '../support/login';

let browser: Browser;
let resolver: dns.Resolver;

beforeAll(async () => {
  browser = await launchBrowser();
  resolver = new dns.Resolver({ timeout: 1_000, tries: 1 });
  resolver.setServers([inject('dnsAddress')]);
});
afterAll(async () => {
  await browser?.close();
});

describe('DNS hosting', () => {
  it('a DNS customer adds a domain and records and imports a zone file, answered by PowerDNS at once', async () => {
    const page = await freshPage(browser);
    await logIn(page, consoleNamed('dns-user'), CUSTOMER);
    await page.goto(`${inject('baseUrl')}/dns/domain/list`);
    await page.getByText('还没有域名').waitFor();
    await page.getByRole('button', { name: '添加域名' }).first().click();
    const zoneDialog = page.getByRole('dialog');
    await zoneDialog.getByLabel('域名').fill('e2e-zone.test');
    await screenshot(page, 'dns-user-zone-add');
    await zoneDialog.getByRole('button', { name: /添\s?加/ }).click();
    // A new domain opens on its records, the next thing to add.
    await page.getByRole('button', { name: '添加记录' }).click();
    const recordDialog = page.getByRole('dialog');
    await recordDialog.getByLabel('主机记录').fill('www');
    await recordDialog.getByLabel('记录值').fill('192.0.2.44');
    await screenshot(page, 'dns-user-record-add');
    await recordDialog.getByRole('button', { name: /保\s?存/ }).click();
    await page.getByRole('row').filter({ hasText: '192.0.2.44' }).waitFor();
    await vi.waitFor(
      async () => expect(await resolver.resolve4('www.e2e-zone.test')).toEqual(['192.0.2.44']),
      {
        timeout: 5_000,
      },
    );

    await page.getByRole('button', { name: '批量添加' }).click();
    const bulk = page.getByRole('dialog');
    await bulk
      .getByRole('textbox')
      .fill('api A 192.0.2.45\n@ MX mx.e2e-zone.test 600 10\n@ TXT "v=spf1 -all"');
    await bulk.getByRole('button', { name: '全部添加' }).click();
    await page.getByRole('row').filter({ hasText: '192.0.2.45' }).waitFor();
    expect(await resolver.resolveMx('e2e-zone.test')).toEqual([
      { exchange: 'mx.e2e-zone.test', priority: 10 },
    ]);
    expect(await resolver.resolveTxt('e2e-zone.test')).toEqual([['v=spf1 -all']]);

    await page.getByRole('button', { name: '导入' }).click();
    const importDialog = page.getByRole('dialog');
    await importDialog
      .getByLabel('区域文件内容')
      .fill(
        '$ORIGIN e2e-zone.test.\n$TTL 300\nshop IN A 192.0.2.60\n     IN A 192.0.2.61\nblog IN CNAME shop\n',
      );
    await screenshot(page, 'dns-user-import');
    await importDialog.getByRole('button', { name: /导\s?入/ }).click();
    await page.getByRole('row').filter({ hasText: '192.0.2.61' }).waitFor();
    expect((await resolver.resolve4('blog.e2e-zone.test')).sort()).toEqual(['192.0.2.60', '192.0.2.61']);
    await screenshot(page, 'dns-user-records');
    await page.goto(`${inject('baseUrl')}/dns/domain/list`);
    const row = page.getByRole('row').filter({ hasText: 'e2e-zone.test' });
    await row.getByRole('link', { name: 'e2e-zone.test 的 7 条记录' }).waitFor();
    await screenshot(page, 'dns-user-zones');

    await switchToEnglish(page);
    await page.getByRole('button', { name: 'Add domain' }).waitFor();
    await screenshot(page, 'dns-user-zones-en');
    await row.getByRole('link', { name: '7 records of e2e-zone.test' }).click();
    await page.getByRole('row').filter({ hasText: '192.0.2.45' }).waitFor();
    await screenshot(page, 'dns-user-records-en');
    await page.context().close();
  });

  it('a DNS customer answers China Telecom users differently and checks the line of an address', async () => {
    const page = await freshPage(browser);
    await logIn(page, consoleNamed('dns-user'), CUSTOMER);
    await page.goto(`${inject('baseUrl')}/dns/domain/list`);
    await page.getByRole('link', { name: /e2e-zone\.test 的 \d+ 条记录/ }).click();
    await page.getByRole('button', { name: '添加记录' }).click();
    const recordDialog = page.getByRole('dialog');
    await recordDialog.getByLabel('主机记录').fill('www');
    await recordDialog.getByLabel('记录值').fill('192.0.2.46');
    await recordDialog.getByRole('combobox', { name: '线路类型' }).click();
    await page.keyboard.type('电信');
    await page.locator('.ant-select-item-option[title="电信"]').click();
    await screenshot(page, 'dns-user-record-line');
    await recordDialog.getByRole('button', { name: /保\s?存/ }).click();
    await page.getByRole('row').filter({ hasText: '192.0.2.46' }).getByText('电信').waitFor();
    // The resolver here has a loopback address, on no line: it still gets the default answer.
    expect(await resolver.resolve4('www.e2e-zone.test')).toEqual(['192.0.2.44']);

    await page.getByRole('button', { name: '线路查询' }).click();
    const check = page.getByRole('dialog');
    await check.getByLabel('IP 地址').fill('202.96.128.86');
    await check.getByRole('button', { name: /查\s?询/ }).click();
    await check.getByText('1. 电信').waitFor();
    await check.getByText('2. 广东').waitFor();
    await screenshot(page, 'dns-user-ip-line');
    await check.getByRole('button', { name: 'Close' }).or(check.getByLabel('Close')).first().click();

    await switchToEnglish(page);
    await page.getByRole('row').filter({ hasText: '192.0.2.46' }).getByText('China Telecom').waitFor();
    await page.getByRole('button', { name: 'Line check' }).click();
    await check.getByLabel('IP address').fill('8.8.8.8');
    await check.getByRole('button', { name: 'Check' }).click();
    await check.getByText('1. Outside mainland China').waitFor();
    await screenshot(page, 'dns-user-ip-line-en');
    await page.context().close();
  });
});

describe('DNS administration', () => {
  it('an admin allows an IP segment to recurse and switches HTTPDNS on', async () => {
    const page = await freshPage(browser);
    await logIn(page, consoleNamed('dns-admin'), ADMIN);
    await page.goto(`${inject('baseUrl')}/dns/admin/system/recursive-dns`);
    // Segment actions wait until recursion is on (spec §4); turning it on asks nothing.
    await page.getByRole('switch', { name: '递归', exact: true }).click();
    await page.getByRole('button', { name: '添加IP段' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('IP段').fill('10.20.0.1-10.20.0.254');
    await dialog.getByLabel('备注').fill('办公网');
    await screenshot(page, 'dns-admin-segment-add');
    await dialog.getByRole('button', { name: /保\s?存|确\s?定/ }).click();
    await page.getByRole('row').filter({ hasText: '办公网' }).waitFor();
    await screenshot(page, 'dns-admin-recursive');

    await page.goto(`${inject('baseUrl')}/dns/admin/system/httpdns`);
    await page.getByLabel('启用 HTTPDNS').click();
    await page.getByLabel('HTTP 端口').fill(String(40_000 + Math.floor(Math.random() * 20_000)));
    await page.getByLabel('服务域名').fill('httpdns.e2e.test');
    await screenshot(page, 'dns-admin-httpdns');
    await page.getByRole('button', { name: /保\s?存/ }).click();
    await page
      .getByText(/正在监听/)
      .first()
      .waitFor();
    await screenshot(page, 'dns-admin-httpdns-saved');

    await page.goto(`${inject('baseUrl')}/dns/admin/system/node-monitor`);
    await page.getByRole('button', { name: '立即检测' }).waitFor();
    await screenshot(page, 'dns-admin-node-monitor');

    await switchToEnglish(page);
    await page.getByRole('button', { name: 'Check now' }).waitFor();
    await screenshot(page, 'dns-admin-node-monitor-en');
    await page.goto(`${inject('baseUrl')}/dns/admin/system/httpdns`);
    await page
      .getByText(/Listening on/)
      .first()
      .waitFor();
    await screenshot(page, 'dns-admin-httpdns-en');
    await page.goto(`${inject('baseUrl')}/dns/admin/system/recursive-dns`);
    await page.getByRole('row').filter({ hasText: '办公网' }).waitFor();
    await screenshot(page, 'dns-admin-recursive-en');
    await page.context().close();
  });
});
