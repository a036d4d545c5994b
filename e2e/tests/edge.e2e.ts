import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchBrowser, screenshot } from '../support/browser';
import { givePlan } from '../support/db';
import { freePort, startAgent, startOrigin, viaEdge } from '../support/edge';
import { ADMIN, CUSTOMER } from '../support/global-setup';
import { consoleNamed, logIn } from '../support/login';
import { makeCertificate } from '../support/openssl';

/**
 * The data plane as people use it: an admin adds a node and attaches it with the token the
 * console shows once; a customer adds a site and watches it reach the node, uploads a
 * certificate and purges a URL. The traffic goes through a real agent and nginx.
 */
const EDGE = '127.0.0.71';
const DOMAIN = 'www.e2e-shop.test';
let browser: Browser;
let agent: Awaited<ReturnType<typeof startAgent>> | undefined;
let origin: Awaited<ReturnType<typeof startOrigin>>;
let sitePort: number;

beforeAll(async () => {
  browser = await launchBrowser();
  origin = await startOrigin();
  sitePort = await freePort();
  await givePlan(CUSTOMER.username);
});
afterAll(async () => {
  await agent?.stop();
  await origin?.close();
  await browser?.close();
});

async function newPage(lang: 'cn' | 'en' = 'cn'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (lang === 'en') await context.addInitScript(() => localStorage.setItem('nimbus-lang', 'en'));
  return context.newPage();
}
const base = () => inject('baseUrl');
/**
 * A button's accessible name: antd writes a space between two Chinese characters ("保 存"), and
 * an icon adds its own name in front ("plus 添加分组").
 */
const label = (text: string) => new RegExp(`^(?:[a-z-]+ )?${[...text].join('\\s*')}$`);

describe('edge nodes and sites', () => {
  it('an admin adds a node group and a node, and attaches the node with the one-time token', async () => {
    const page = await newPage();
    await logIn(page, consoleNamed('cdn-admin'), ADMIN);
    await page.goto(`${base()}/admin/edge/groups`);
    await page.getByRole('button', { name: label('添加分组') }).click();
    const groupDialog = page.getByRole('dialog');
    await groupDialog.getByLabel('分组名称').fill('华东');
    await groupDialog.getByRole('switch').click();
    await groupDialog.getByRole('button', { name: label('保存') }).click();
    await page.getByRole('cell', { name: /华东/ }).waitFor();
    await groupDialog.waitFor({ state: 'hidden' });
    // Origins on this machine are loopback addresses: the one-machine trial allows them (README).
    // Its save is awaited by its answer: the group's "saved" notice may still be on screen.
    await page.getByLabel('放行网段').fill('127.0.0.0/8');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/sys/edge/origin-policy/save'));
    await page.getByRole('button', { name: label('保存') }).click();
    expect(((await (await saved).json()) as { code: number }).code).toBe(1);
    await screenshot(page, 'cdn-admin-edge-groups-cn');

    await page.goto(`${base()}/admin/edge/nodes`);
    await page.getByRole('button', { name: label('添加节点') }).click();
    const nodeDialog = page.getByRole('dialog');
    await nodeDialog.getByLabel('节点名称').fill('华东-本机-01');
    await nodeDialog.getByLabel('IPv4 地址').fill(EDGE);
    await nodeDialog.getByLabel('监听地址').fill(EDGE);
    await nodeDialog.getByRole('button', { name: label('保存') }).click();
    const command = page
      .getByRole('dialog')
      .getByText(/--token/)
      .first();
    await command.waitFor();
    await screenshot(page, 'cdn-admin-edge-install-command-cn');
    const token = /--token '(edge_[^']+)'/.exec((await command.textContent()) ?? '')?.[1];
    expect(token).toBeTruthy();
    await page.getByRole('button', { name: label('我已保存') }).click();

    agent = await startAgent(base(), token!, EDGE);
    await page.getByText('在线', { exact: true }).first().waitFor({ timeout: 30_000 });
    await page
      .getByText(/已生效/)
      .first()
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'cdn-admin-edge-nodes-cn');
    await page.context().close();
  });

  it('a customer adds a site and sees it go from deploying to applied, then served by the edge', async () => {
    const page = await newPage();
    await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
    await page.goto(`${base()}/cdn/site/domain/create`);
    await page.getByLabel('加速域名').fill(DOMAIN);
    await page
      .getByLabel(/第 1 个源站的源站地址|源站地址/)
      .first()
      .fill('127.0.0.1');
    const httpPort = page.getByLabel(/第 1 个源站的HTTP 端口|HTTP 端口/).first();
    await httpPort.fill(String(origin.port));
    const listen = page.getByLabel('HTTP 监听端口');
    await listen.click();
    await page.keyboard.press('Backspace');
    await listen.pressSequentially(String(sitePort));
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await screenshot(page, 'cdn-user-site-create-cn');
    await page.getByRole('button', { name: label('添加') }).click();
    await page.waitForURL(/\/cdn\/site\/domain\/list/);
    // Its own row: other browser tests may have left sites of theirs in the list.
    await page
      .getByRole('row')
      .filter({ hasText: DOMAIN })
      .getByText(/已生效 1\/1/)
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'cdn-user-site-list-cn');

    const first = await viaEdge(EDGE, sitePort, DOMAIN, '/index.html');
    expect(first.body).toMatch(/^origin \/index.html #\d+$/);
    expect((await viaEdge(EDGE, sitePort, DOMAIN, '/index.html')).cache).toBe('HIT');
    await page.context().close();
  });

  it('a customer uploads a certificate and sees it as their own', async () => {
    const cert = makeCertificate([DOMAIN]);
    const page = await newPage();
    await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
    await page.goto(`${base()}/cdn/site/certificate`);
    await page
      .getByRole('button', { name: label('上传证书') })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('证书（PEM）').fill(cert.certPem);
    await dialog.getByLabel('私钥（PEM）').fill(cert.keyPem);
    await dialog.getByRole('button', { name: label('上传') }).click();
    await page.getByText('自有证书').first().waitFor();
    await screenshot(page, 'cdn-user-certificates-cn');
    await page.context().close();
  });

  it('a customer purges a URL and watches the task complete on the node', async () => {
    const page = await newPage();
    await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
    await page.goto(`${base()}/cdn/site/cache-clear`);
    await page.getByRole('tab', { name: '刷新URL' }).click();
    await page.getByLabel('刷新内容（每行一条）').fill(`http://${DOMAIN}:${sitePort}/index.html`);
    await page.getByRole('button', { name: label('提交刷新') }).click();
    await page.getByText('已完成').first().waitFor({ timeout: 30_000 });
    await page.getByText('操作记录').scrollIntoViewIfNeeded();
    await screenshot(page, 'cdn-user-cache-purge-cn');
    expect((await viaEdge(EDGE, sitePort, DOMAIN, '/index.html')).cache).toBe('MISS');
    await page.context().close();
  });

  it('a customer sets a cache rule, a header, an error page and a forwarding rule on the site page, and the edge serves each', async () => {
    const page = await newPage();
    await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
    await page.goto(`${base()}/cdn/site/domain/list`);
    await page.getByRole('link', { name: `配置 ${DOMAIN}` }).click();
    await page.waitForURL(/\/cdn\/site\/domain\/admin\?id=\d+/);
    await page.getByText('配置历史').waitFor();
    await screenshot(page, 'cdn-user-site-admin-basic-cn');
    const panel = (tab: string) => page.getByRole('tabpanel', { name: tab });
    const saveTab = async (tab: string, shot: string) => {
      await panel(tab)
        .getByRole('button', { name: label('保存') })
        .click();
      await panel(tab)
        .getByText(/已保存，已在 1\/1 个节点生效/)
        .waitFor({ timeout: 30_000 });
      await screenshot(page, `cdn-user-site-admin-${shot}-cn`);
    };

    // Performance: PNGs cached a day, /api/ never.
    await page.getByRole('tab', { name: '性能优化' }).click();
    const add = panel('性能优化').getByRole('button', { name: /添加一条/ });
    await add.first().click();
    await panel('性能优化').getByLabel('第 1 条的类型').first().click();
    await page
      .locator(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="文件类型"]',
      )
      .last()
      .click();
    await panel('性能优化').getByLabel('第 1 条的匹配内容').first().fill('png');
    await add.nth(1).click();
    await panel('性能优化').getByLabel('第 1 条的类型').nth(1).click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="目录"]')
      .last()
      .click();
    await panel('性能优化').getByLabel('第 1 条的匹配内容').nth(1).fill('/api/');
    await saveTab('性能优化', 'performance');
    await viaEdge(EDGE, sitePort, DOMAIN, '/logo.png');
    expect((await viaEdge(EDGE, sitePort, DOMAIN, '/logo.png')).cache).toBe('HIT');
    expect((await viaEdge(EDGE, sitePort, DOMAIN, '/api/items')).cache).toBe('BYPASS');

    // Back to source: a request header the origin sees.
    await page.getByRole('tab', { name: '回源设置' }).click();
    await panel('回源设置')
      .getByRole('button', { name: /添加一条/ })
      .click();
    await panel('回源设置').getByLabel('第 1 条的头部名称').fill('X-From-Edge');
    await panel('回源设置').getByLabel('第 1 条的内容').fill('nimbus');
    await saveTab('回源设置', 'backsource');
    expect((await viaEdge(EDGE, sitePort, DOMAIN, '/api/echo')).body).toContain('x-from-edge=nimbus');

    // Advanced: a response header every answer carries.
    await page.getByRole('tab', { name: '高级设置' }).click();
    await panel('高级设置')
      .getByRole('button', { name: /添加一条/ })
      .click();
    await panel('高级设置').getByLabel('第 1 条的头部名称').fill('X-Served-By');
    await panel('高级设置').getByLabel('第 1 条的内容').fill('nimbus-edge');
    await saveTab('高级设置', 'advanced');
    expect((await viaEdge(EDGE, sitePort, DOMAIN, '/api/a')).headers['x-served-by']).toBe('nimbus-edge');

    // Error pages: the origin's 404 becomes the customer's page.
    await page.getByRole('tab', { name: '错误页面' }).click();
    await panel('错误页面')
      .getByRole('button', { name: /添加一条/ })
      .first()
      .click();
    await panel('错误页面').getByLabel('第 1 条的页面内容').fill('<h1>这里什么都没有</h1>');
    await saveTab('错误页面', 'code');
    const missing = await viaEdge(EDGE, sitePort, DOMAIN, '/missing/page');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('这里什么都没有');

    // Application security: a User-Agent on the deny list gets 403 from the edge, others pass.
    await page.getByRole('tab', { name: '应用安全' }).click();
    await panel('应用安全').getByText('黑名单', { exact: true }).nth(1).click();
    await panel('应用安全').getByLabel('User-Agent 列表').fill('e2e-bad-bot');
    // Region: a deny list of the United States, picked by searching its name.
    await panel('应用安全').getByText('黑名单', { exact: true }).nth(2).click();
    await panel('应用安全').getByLabel('国家/地区', { exact: true }).click();
    await page.keyboard.type('美国');
    await page
      .locator(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="美国 (US)"]',
      )
      .last()
      .click();
    await page.keyboard.press('Escape');
    await saveTab('应用安全', 'application-secure');
    const bot = await viaEdge(EDGE, sitePort, DOMAIN, '/api/a', { 'user-agent': 'E2E-Bad-Bot/1.0' });
    expect(bot.status).toBe(403);
    // The loopback client has no country: a deny list lets it in.
    expect((await viaEdge(EDGE, sitePort, DOMAIN, '/api/a', { 'user-agent': 'Mozilla/5.0' })).status).toBe(
      200,
    );
    await page.getByRole('tab', { name: '网络安全' }).click();
    await panel('网络安全').getByLabel('URL 最大长度').waitFor();
    await screenshot(page, 'cdn-user-site-admin-network-secure-cn');

    // The history lists every save; the first version's diff opens.
    await page.getByRole('tab', { name: '基础信息' }).click();
    await page.getByRole('cell', { name: '错误页面' }).waitFor();
    await screenshot(page, 'cdn-user-site-admin-history-cn');

    // URL forwarding: /old/… answers 308 to /new/….
    await page.goto(`${base()}/cdn/site/rewrite`);
    await page
      .getByRole('button', { name: label('添加转发规则') })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('站点').click();
    await page
      .locator(
        `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${DOMAIN}"]`,
      )
      .last()
      .click();
    await dialog.getByLabel('源路径').fill('/old/');
    await dialog.getByLabel('目标地址').fill('/new/');
    await dialog.getByText('308 永久（保持方法）').click();
    await dialog.getByRole('button', { name: label('保存') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByText(/已生效 1\/1/)
      .first()
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'cdn-user-rewrite-cn');
    const moved = await viaEdge(EDGE, sitePort, DOMAIN, '/old/a?x=1');
    expect(moved.status).toBe(308);
    expect(moved.headers.location).toMatch(/\/new\/a\?x=1$/);
    await page.context().close();
  });

  it('shows the same screens in English', async () => {
    const admin = await newPage('en');
    await logIn(admin, consoleNamed('cdn-admin'), ADMIN);
    await admin.goto(`${base()}/admin/edge/nodes`);
    await admin.getByText('Online', { exact: true }).first().waitFor({ timeout: 30_000 });
    await screenshot(admin, 'cdn-admin-edge-nodes-en');
    await admin.context().close();

    const page = await newPage('en');
    await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
    for (const [route, name] of [
      ['/cdn/site/domain/list', 'site-list'],
      ['/cdn/site/domain/create', 'site-create'],
      ['/cdn/site/certificate', 'certificates'],
      ['/cdn/site/cache-clear', 'cache-purge'],
      ['/cdn/stream', 'stream'],
      ['/cdn/site/rewrite', 'rewrite'],
      ['/cdn/site/force', 'force'],
    ] as const) {
      await page.goto(`${base()}${route}`);
      await page.waitForLoadState('networkidle');
      await screenshot(page, `cdn-user-${name}-en`);
    }
    // The site page: every tab opened, one saved.
    await page.goto(`${base()}/cdn/site/domain/list`);
    await page.getByRole('link', { name: `Configure ${DOMAIN}` }).click();
    await page.getByText('Config history').waitFor();
    for (const tab of [
      'Basic',
      'Plan',
      'Back to source',
      'Performance',
      'Line',
      'Advanced',
      'Origin',
      'Error pages',
      'Load balancing',
      'Application security',
      'Network security',
      'WAF',
    ]) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.waitForLoadState('networkidle');
      await screenshot(page, `cdn-user-site-admin-${tab.toLowerCase().replace(/ /g, '-')}-en`);
    }
    await page.getByRole('tab', { name: 'Load balancing', exact: true }).click();
    await page.getByLabel('Idle connections kept').fill('32');
    await page
      .getByRole('tabpanel', { name: 'Load balancing' })
      .getByRole('button', { name: 'Save' })
      .click();
    await page
      .getByRole('tabpanel', { name: 'Load balancing' })
      .getByText(/Saved and applied on 1\/1 nodes/)
      .waitFor({ timeout: 30_000 });
    // Network security: a URI longer than the site's limit gets 414 from the edge.
    const network = page.getByRole('tabpanel', { name: 'Network security' });
    await page.getByRole('tab', { name: 'Network security', exact: true }).click();
    await network.getByLabel('Maximum URL length').fill('1024');
    await network.getByLabel('Maximum header size').fill('2048');
    await network.getByRole('button', { name: 'Save' }).click();
    await network.getByText(/Saved and applied on 1\/1 nodes/).waitFor({ timeout: 30_000 });
    await screenshot(page, 'cdn-user-site-admin-network-secure-saved-en');
    expect((await viaEdge(EDGE, sitePort, DOMAIN, `/api/${'a'.repeat(1100)}`)).status).toBe(414);
    expect((await viaEdge(EDGE, sitePort, DOMAIN, `/api/${'a'.repeat(900)}`)).status).toBe(200);
    // A header block over the site's 2048 bytes gets 431 from the edge's Lua.
    expect((await viaEdge(EDGE, sitePort, DOMAIN, '/api/h', { 'x-pad': 'a'.repeat(2100) })).status).toBe(431);
    expect((await viaEdge(EDGE, sitePort, DOMAIN, '/api/h', { 'x-pad': 'a'.repeat(1000) })).status).toBe(200);
    await page.context().close();
  });

  it('the security tabs have no serious accessibility problems', async () => {
    // axe is injected as a script, which the console's CSP rightly refuses: this context bypasses it.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
    await page.goto(`${base()}/cdn/site/domain/list`);
    await page.getByRole('link', { name: `配置 ${DOMAIN}` }).click();
    await page.getByText('配置历史').waitFor();
    const found: Record<string, unknown> = {};
    for (const [tab, field] of [
      ['应用安全', 'IP 黑名单'],
      ['网络安全', 'URL 最大长度'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tabpanel', { name: tab }).getByLabel(field).waitFor();
      const problems = await seriousViolations(page);
      if (problems.length > 0) found[tab] = problems;
    }
    expect(found).toEqual({});
    await context.close();
  });

  it('a customer switches URL signing on: a link from the tab’s generator passes the edge, the plain URL gets 403', async () => {
    // axe is injected as a script, which the console's CSP rightly refuses: this context bypasses it.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
    await page.goto(`${base()}/cdn/site/domain/list`);
    await page.getByRole('link', { name: `配置 ${DOMAIN}` }).click();
    await page.getByText('配置历史').waitFor();
    await page.getByRole('tab', { name: '内容安全' }).click();
    const panel = page.getByRole('tabpanel', { name: '内容安全' });
    await panel.getByText(/已保存的设置中 URL 鉴权是关闭的/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await panel.getByRole('switch', { name: 'URL 鉴权' }).click();
    await panel
      .getByRole('button', { name: label('随机生成密钥') })
      .first()
      .click();
    await screenshot(page, 'cdn-user-site-admin-content-secure-form-cn');
    await panel.getByRole('button', { name: label('保存') }).click();
    await panel.getByText(/已保存，已在 1\/1 个节点生效/).waitFor({ timeout: 30_000 });
    expect((await viaEdge(EDGE, sitePort, DOMAIN, '/signed/a.txt?v=1')).status).toBe(403);

    await panel.getByLabel('路径').fill('/signed/a.txt?v=1');
    await panel.getByRole('button', { name: label('生成签名链接') }).click();
    const link = new URL((await panel.getByTestId('signed-link').textContent()) ?? '');
    expect(link.search).toMatch(/^\?v=1&auth_key=\d{10}-0-0-[0-9a-f]{32}$/);
    const signed = await viaEdge(EDGE, sitePort, DOMAIN, `${link.pathname}${link.search}`);
    expect(signed.status).toBe(200);
    // The origin sees the URL without the token.
    expect(signed.body).toMatch(/^origin \/signed\/a\.txt\?v=1 #/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'cdn-user-site-admin-content-secure-cn');
    await context.close();

    const en = await newPage('en');
    await logIn(en, consoleNamed('cdn-user'), CUSTOMER);
    await en.goto(`${base()}/cdn/site/domain/list`);
    await en.getByRole('link', { name: `Configure ${DOMAIN}` }).click();
    await en.getByText('Config history').waitFor();
    await en.getByRole('tab', { name: 'Content security', exact: true }).click();
    const enPanel = en.getByRole('tabpanel', { name: 'Content security' });
    await enPanel.getByLabel('Primary key').waitFor();
    await screenshot(en, 'cdn-user-site-admin-content-secure-form-en');
    await enPanel.getByLabel('Path').fill('/signed/b.txt');
    await enPanel.getByRole('button', { name: 'Sign link' }).click();
    await enPanel.getByTestId('signed-link').waitFor();
    await screenshot(en, 'cdn-user-site-admin-content-secure-en');
    // Off again: the plain URL is served as before.
    await enPanel.getByRole('switch', { name: 'URL signing' }).click();
    await enPanel.getByRole('button', { name: 'Save' }).click();
    await enPanel.getByText(/Saved and applied on 1\/1 nodes/).waitFor({ timeout: 30_000 });
    expect((await viaEdge(EDGE, sitePort, DOMAIN, '/signed/a.txt?v=1')).status).toBe(200);
    await en.context().close();
  });
});
