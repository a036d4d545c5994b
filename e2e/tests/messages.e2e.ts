import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser';
import { ADMIN, CUSTOMER } from '../support/global-setup';
import { consoleNamed, logIn } from '../support/login';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const newPage = async (): Promise<Page> =>
  (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
const bell = (page: Page) => page.getByRole('button', { name: '消息通知' });
/** The drawer has slid in completely (for screenshots). */
const drawerSettled = () => {
  const box = document.querySelector('.ant-drawer-content-wrapper')?.getBoundingClientRect();
  return box !== undefined && Math.round(box.right) === window.innerWidth;
};

describe('announcements reach every customer', () => {
  const title = `系统维护通知 ${Date.now()}`;
  const content = '本周六 02:00-04:00 进行网络升级，期间控制台可能短暂不可用。';

  it('the admin publishes an announcement after confirming', async () => {
    const page = await newPage();
    await logIn(page, consoleNamed('cdn-admin'), ADMIN);
    await page.goto(`${inject('baseUrl')}/admin/message/publish`);
    await page.getByLabel('公告标题').fill(title);
    await page.getByLabel('公告内容').fill(content);
    await page.locator('form button[type=submit]').click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.locator('.ant-modal-confirm-title').getByText('确认发布公告？').waitFor();
    await screenshot(page, 'cdn-admin-publish-confirm');
    await dialog.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await page.locator('.ant-message').getByText(/发布/).waitFor();

    await page.goto(`${inject('baseUrl')}/admin/message/manage`);
    await page.getByRole('cell', { name: title }).waitFor();
    await screenshot(page, 'cdn-admin-message-manage');
    await page.context().close();
  });

  it('the customer sees the badge, opens the drawer and reads it', async () => {
    const page = await newPage();
    await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
    const badge = bell(page).locator('.ant-badge-count');
    await badge.waitFor();
    // Other browser-test files (work-order replies) may have left this customer letters too.
    const unread = Number(await badge.textContent());
    expect(unread).toBeGreaterThanOrEqual(1);

    await bell(page).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText(title).waitFor();
    expect(
      await drawer.evaluate((el) => el.closest('.ant-drawer-content-wrapper')!.getBoundingClientRect().width),
    ).toBe(450);
    await page.waitForFunction(drawerSettled);
    await screenshot(page, 'cdn-user-message-drawer');

    await drawer.getByText(title).click();
    await page.waitForURL((url) => url.pathname === '/cdn/message/detail');
    await page.getByText(content).waitFor();
    if (unread === 1) await bell(page).locator('.ant-badge-count').waitFor({ state: 'detached' });
    else await page.getByRole('button', { name: `消息通知 ${unread - 1}`, exact: true }).waitFor();
    await screenshot(page, 'cdn-user-message-detail');
    await page.context().close();
  });

  // The DNS console's router basename is /dns: its message links must not add a second /dns.
  it('the DNS customer reaches it from the dashboard, the list and the drawer', async () => {
    const page = await newPage();
    await logIn(page, consoleNamed('dns-user'), CUSTOMER);
    await page.getByRole('link', { name: '查看消息' }).click();
    await page.waitForURL((url) => url.pathname === '/dns/message');
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByRole('link', { name: title }).waitFor();
    await screenshot(page, 'dns-user-message-list');

    await row.getByRole('button', { name: '查看' }).click();
    await page.waitForURL((url) => url.pathname === '/dns/message/detail');
    await page.getByText(content).waitFor();
    // One way back, the breadcrumb's; the message card repeats none.
    expect(await page.getByRole('link', { name: /返回/ }).count()).toBe(0);
    await page.getByRole('button', { name: '返回' }).click();
    await page.waitForURL((url) => url.pathname === '/dns/message');

    await bell(page).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText(title).waitFor();
    await page.waitForFunction(drawerSettled);
    await screenshot(page, 'dns-user-message-drawer');
    await drawer.getByText(title).click();
    await page.waitForURL((url) => url.pathname === '/dns/message/detail');
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText(content).waitFor();
    expect(await page.getByText('页面不存在').count()).toBe(0);
    await screenshot(page, 'dns-user-message-detail');

    await bell(page).click();
    await page.getByRole('dialog').getByRole('button', { name: '查看更多' }).click();
    await page.waitForURL((url) => url.pathname === '/dns/message');
    await page.getByRole('row').filter({ hasText: title }).waitFor();
    await page.context().close();
  });
});

describe('a failed load is told apart from an empty inbox', () => {
  it('the drawer shows the failure with a retry that recovers', async () => {
    const page = await newPage();
    await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
    const list = '**/api/app/account/message/list';
    await page.route(list, (route) => route.abort('internetdisconnected'));
    await bell(page).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('消息加载失败').waitFor();
    expect(await drawer.getByText('暂无消息').count()).toBe(0);
    await page.waitForFunction(drawerSettled);
    await screenshot(page, 'cdn-user-message-drawer-failed');

    await page.unroute(list);
    await drawer.getByRole('button', { name: /重\s?试/ }).click();
    await drawer.locator('.nimbus-message-feed-item').first().waitFor();
    expect(await drawer.getByText('消息加载失败').count()).toBe(0);
    await page.context().close();
  });
});
