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
    expect(await badge.textContent()).toBe('1');

    await bell(page).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText(title).waitFor();
    expect(
      await drawer.evaluate((el) => el.closest('.ant-drawer-content-wrapper')!.getBoundingClientRect().width),
    ).toBe(450);
    await page.waitForFunction(() => {
      const box = document.querySelector('.ant-drawer-content-wrapper')!.getBoundingClientRect();
      return Math.round(box.right) === window.innerWidth;
    });
    await screenshot(page, 'cdn-user-message-drawer');

    await drawer.getByText(title).click();
    await page.waitForURL((url) => url.pathname === '/cdn/message/detail');
    await page.getByText(content).waitFor();
    await bell(page).locator('.ant-badge-count').waitFor({ state: 'detached' });
    await screenshot(page, 'cdn-user-message-detail');
    await page.context().close();
  });
});
