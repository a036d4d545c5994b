import dns from 'node:dns/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshPage, launchBrowser, screenshot, switchToEnglish } from '../support/browser';
import { ADMIN } from '../support/global-setup';
import { consoleNamed, logIn } from '../support/login';

let browser: Browser;
let resolver: dns.Resolver;
let adminPage: Page;
let adminToken: string;

// A customer of this file's own, so its numbers are only what this test adds, whatever ran before.
const customer = { username: `dnsdash${Date.now() % 1_000_000}`, password: 'Dash-e2e-pass-1' };
const ZONE = 'dash-e2e.test';

async function call<T>(token: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${inject('baseUrl')}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  expect(envelope.code, `${path}: ${envelope.msg}`).toBe(1);
  return envelope.data;
}

const tokenOf = (page: Page, variant: string) =>
  page.evaluate((key) => localStorage.getItem(key) ?? '', `nimbus-token:${variant}`);

/** The big number of the dashboard card titled `title`. */
async function cardValue(page: Page, title: string | RegExp): Promise<Locator> {
  const card = page.locator('section.nimbus-panel').filter({
    has: page.locator('.ant-statistic-title', { hasText: title }),
  });
  await card.waitFor();
  return card.locator('.ant-statistic-content');
}

beforeAll(async () => {
  browser = await launchBrowser();
  resolver = new dns.Resolver({ timeout: 1_000, tries: 1 });
  resolver.setServers([inject('dnsAddress')]);
  adminPage = await freshPage(browser);
  await logIn(adminPage, consoleNamed('dns-admin'), ADMIN);
  adminToken = await tokenOf(adminPage, 'dns-admin');
  await call(adminToken, 'sys/account/user/create', customer);
});
afterAll(async () => {
  await browser?.close();
});

describe('DNS dashboards', () => {
  it("a DNS customer's dashboard counts their domains, records by type and the queries PowerDNS answered", async () => {
    const page = await freshPage(browser);
    await logIn(page, consoleNamed('dns-user'), customer);
    // No domain yet: the dashboard offers to add one.
    await page.getByText('还没有托管的域名').waitFor();
    await screenshot(page, 'dns-user-dashboard-empty-cn');
    await page.getByRole('button', { name: '添加域名' }).click();
    await page.waitForURL(/\/dns\/domain\/list$/);

    const token = await tokenOf(page, 'dns-user');
    const zone = await call<{ id: number }>(token, 'app/dns/zone/create', { name: ZONE });
    const paused = await call<{ id: number }>(token, 'app/dns/zone/create', { name: `paused-${ZONE}` });
    await call(token, 'app/dns/zone/status', { ids: [paused.id], action: 'disable' });
    await call(token, 'app/dns/record/bulk', {
      zoneId: zone.id,
      records: [
        { hostRecord: 'www', recordType: 'A', recordValue: '192.0.2.71' },
        { hostRecord: 'api', recordType: 'A', recordValue: '192.0.2.72' },
        { hostRecord: '@', recordType: 'TXT', recordValue: 'v=spf1 -all' },
      ],
    });
    // Three questions for the customer's zone, each a different name: PowerDNS keeps them in its ring.
    expect(await resolver.resolve4(`www.${ZONE}`)).toEqual(['192.0.2.71']);
    expect(await resolver.resolve4(`api.${ZONE}`)).toEqual(['192.0.2.72']);
    expect(await resolver.resolveTxt(ZONE)).toEqual([['v=spf1 -all']]);

    await page.goto(`${inject('baseUrl')}/dns/dashboard`);
    expect(await (await cardValue(page, '托管域名')).textContent()).toBe('2');
    await page.getByText('1 个启用，1 个暂停').waitFor();
    expect(await (await cardValue(page, '解析记录')).textContent()).toBe('3');
    await page.getByRole('listitem', { name: 'A：2 条' }).waitFor();
    await page.getByRole('listitem', { name: 'TXT：1 条' }).waitFor();
    expect(await (await cardValue(page, '近期查询')).textContent()).toBe('3');
    await page.getByText(/^PowerDNS 保留的最近 [\d,]+ 次查询中，查询您域名的次数$/).waitFor();
    await screenshot(page, 'dns-user-dashboard-cn');

    await switchToEnglish(page);
    await page.getByText('1 enabled, 1 paused').waitFor();
    await page.getByRole('listitem', { name: 'A: 2' }).waitFor();
    await page.getByText(/^Queries for your domains among the last [\d,]+ queries PowerDNS kept$/).waitFor();
    expect(await (await cardValue(page, 'Recent queries')).textContent()).toBe('3');
    await page.mouse.move(720, 990); // the language menu's tooltips out of the picture
    await screenshot(page, 'dns-user-dashboard-en');
    await page.context().close();
  });

  it("the DNS admin's dashboard shows each PowerDNS server's real version, uptime and counters, and how to upgrade", async () => {
    const { list } = await call<{ list: { kind: string; ready: boolean; version: string | null }[] }>(
      adminToken,
      'sys/dns/GetVersionData',
    );
    const authoritative = list.find((server) => server.kind === 'authoritative')!;
    expect(authoritative).toMatchObject({ ready: true, version: expect.stringMatching(/^4\./) });
    const panelOf = (name: string) =>
      adminPage.locator('section.nimbus-panel').filter({ has: adminPage.getByRole('heading', { name }) });

    await adminPage.goto(`${inject('baseUrl')}/dns/admin/dashboard`);
    const authoritativePanel = panelOf('PowerDNS 权威服务器');
    await authoritativePanel.getByText(authoritative.version!, { exact: true }).waitFor();
    await authoritativePanel.getByText('运行中').waitFor();
    await authoritativePanel.getByText('自启动以来').waitFor();
    await authoritativePanel.getByText('查询', { exact: true }).waitFor();
    const recursor = list.find((server) => server.kind === 'recursor')!;
    const recursorPanel = panelOf('PowerDNS 递归服务器');
    if (recursor.ready) await recursorPanel.getByText(recursor.version!, { exact: true }).waitFor();
    else await recursorPanel.getByText('未运行').waitFor();
    // The upgrade is a command to copy, never a button that pretends to run it.
    const upgrade = panelOf('升级 PowerDNS');
    await upgrade.getByText(/^apt-get update && apt-get install --only-upgrade /).waitFor();
    await upgrade.getByRole('button', { name: /复制|Copy/ }).waitFor();
    expect(await upgrade.getByRole('button').count()).toBe(1);
    await screenshot(adminPage, 'dns-admin-dashboard-cn');

    await switchToEnglish(adminPage);
    await panelOf('PowerDNS Authoritative').getByText('Running').waitFor();
    await panelOf('PowerDNS Authoritative').getByText(authoritative.version!, { exact: true }).waitFor();
    await panelOf('Upgrading PowerDNS').waitFor();
    await adminPage.mouse.move(720, 990); // the language menu's tooltips out of the picture
    await screenshot(adminPage, 'dns-admin-dashboard-en');
  });
});
