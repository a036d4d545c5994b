import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { freshPage, launchBrowser, screenshot, switchToEnglish } from '../support/browser';
import { givePlan } from '../support/db';
import { freePort, startAgent, startOrigin, viaEdge } from '../support/edge';
import { ADMIN, CUSTOMER } from '../support/global-setup';
import { callAsPage, consoleNamed, logIn } from '../support/login';

/**
 * Issue 20 §2 "business-secure" as a customer uses it: on the tab they add a rate limit and switch
 * CC protection on; through a real edge, Chromium reaches the origin after the sensorless (then
 * the click-number) verification while a plain Node HTTP request only ever sees the verification page,
 * and the rate limit answers 429. In Chinese and English.
 */
const EDGE = '127.0.0.95';
const DOMAIN = 'www.biz-e2e.test';
let browser: Browser;
/** A Chromium that resolves the site's name to the edge, as a visitor's DNS would. */
let visitor: Browser;
let agent: Awaited<ReturnType<typeof startAgent>> | undefined;
let origin: Awaited<ReturnType<typeof startOrigin>>;
let sitePort: number;
let siteId: number;

const label = (text: string) => new RegExp(`^(?:[a-z-]+ )?${[...text].join('\\s*')}$`);
const siteUrl = (path: string) => `http://${DOMAIN}:${sitePort}${path}`;

async function until<T>(probe: () => Promise<T | undefined | false>, what: string, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

const isChallenge = (body: string) => body.includes('<!doctype html>') && !body.includes('origin ');

beforeAll(async () => {
  browser = await launchBrowser();
  visitor = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${DOMAIN} ${EDGE}`],
  });
  origin = await startOrigin();
  sitePort = await freePort();
  await givePlan(CUSTOMER.username);

  // A node of its own in a default group, so the site below is placed on it.
  const admin = await freshPage(browser);
  await logIn(admin, consoleNamed('cdn-admin'), ADMIN);
  const group = await callAsPage<{ id: number }>(admin, 'sys/edge/group/save', {
    name: 'business-e2e',
    isDefault: true,
  });
  expect(group.code, group.msg).toBe(1);
  const policy = await callAsPage(admin, 'sys/edge/origin-policy/save', { allowRanges: '127.0.0.0/8' });
  expect(policy.code, policy.msg).toBe(1);
  const node = await callAsPage<{ token: string }>(admin, 'sys/edge/node/save', {
    name: 'business-e2e-1',
    ipv4: '198.51.100.95',
    listenAddress: EDGE,
    groupId: group.data.id,
  });
  expect(node.code, node.msg).toBe(1);
  agent = await startAgent(inject('baseUrl'), node.data.token, EDGE);
  await admin.context().close();

  const page = await freshPage(browser);
  await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
  const created = await callAsPage<{ id: number }>(page, 'app/site/domain/create', {
    domain: DOMAIN,
    origins: [{ address: '127.0.0.1', httpPort: origin.port }],
    httpPorts: [sitePort],
  });
  expect(created.code, created.msg).toBe(1);
  siteId = created.data.id;
  await page.context().close();
  await until(
    async () => (await viaEdge(EDGE, sitePort, DOMAIN, '/')).body.startsWith('origin '),
    'the site on the edge',
  );
}, 180_000);

afterAll(async () => {
  await agent?.stop();
  await origin?.close();
  await visitor?.close();
  await browser?.close();
});

const openTab = (page: Page) =>
  page.goto(`${inject('baseUrl')}/cdn/site/domain/admin?id=${siteId}&tab=business-secure`);

describe('business-secure tab through a real edge', () => {
  it('a customer adds a rate limit and turns on CC protection (Chinese); Chromium passes, a plain client does not', async () => {
    const page = await freshPage(browser);
    await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
    await openTab(page);
    await page.getByText(/暂无频率限制/).waitFor();
    await page.getByRole('button', { name: label('添加规则') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('路径').fill('/api');
    await dialog.getByLabel('请求频率').fill('1');
    await dialog.getByLabel('突发请求数').fill('2');
    await dialog.getByText(/超出频率的请求返回 429/).waitFor();
    await screenshot(page, 'cdn-user-site-business-secure-rule-cn');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: label('确定') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: '/api' }).waitFor();

    await page.getByText('攻击紧急模式', { exact: true }).click();
    await page.mouse.move(0, 0);
    await screenshot(page, 'cdn-user-site-business-secure-cn');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: label('保存') }).click();
    await page
      .getByText(/已生效/)
      .first()
      .waitFor({ timeout: 60_000 });
    await page.context().close();

    // A plain HTTP client (Node's http, as fetch or curl: no script) only ever gets the page.
    const plain = await until(async () => {
      const answer = await viaEdge(EDGE, sitePort, DOMAIN, '/hello');
      return isChallenge(answer.body) && answer;
    }, 'the challenge for a plain client');
    expect(plain.status).toBe(200);
    expect(plain.body).toContain('安全验证');

    // Chromium runs the page's script and reaches the origin.
    const context = await visitor.newContext();
    const tab = await context.newPage();
    await tab.goto(siteUrl('/hello'));
    await tab.getByText(/^origin \/hello #\d+/).waitFor({ timeout: 20_000 });
    expect((await context.cookies()).map((c) => c.name)).toContain('nimbus_pass');
    await context.close();

    // The rate limit: a burst of 2 above 1/s, then 429 (before any verification).
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await viaEdge(EDGE, sitePort, DOMAIN, '/api/x')).status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses[3]).toBe(429);
  });

  it('reads the same settings in English; with click-number, Chromium clicks the number and passes', async () => {
    const page = await freshPage(browser);
    await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
    await switchToEnglish(page);
    await openTab(page);
    await page.getByRole('cell', { name: '/api' }).waitFor();
    await page.getByText('Click-number verification', { exact: true }).click();
    await page.mouse.move(0, 0);
    await screenshot(page, 'cdn-user-site-business-secure-en');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText(/Applied/)
      .first()
      .waitFor({ timeout: 60_000 });
    await page.context().close();

    await until(
      async () => (await viaEdge(EDGE, sitePort, DOMAIN, '/shop')).body.includes('/__nimbus_verify'),
      'the click-number page',
    );
    const context = await visitor.newContext({ locale: 'en-US' });
    const tab = await context.newPage();
    await tab.goto(siteUrl('/shop?item=2'));
    const prompt = await tab.getByText(/Click the number \d+ to continue/).textContent();
    const number = /(\d+)/.exec(prompt ?? '')![1]!;
    await screenshot(tab, 'edge-click-number-page-en');
    await tab.getByRole('link', { name: number, exact: true }).click();
    await tab.getByText(/^origin \/shop\?item=2 #\d+/).waitFor({ timeout: 20_000 });
    await context.close();
  });
});
