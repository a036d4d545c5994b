import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser';
import { ADMIN, CUSTOMER } from '../support/global-setup';
import { CONSOLES, consoleNamed, logIn, waitForCaptcha } from '../support/login';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function freshPage(width = 1440, height = 900): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  return context.newPage();
}

describe('the four consoles', () => {
  it.each(CONSOLES)('$name: a person logs in and lands on the dashboard', async (target) => {
    const page = await freshPage();
    const credentials = target.name.endsWith('admin') ? ADMIN : CUSTOMER;
    await page.goto(`${inject('baseUrl')}${target.basename}/login`);
    await waitForCaptcha(page);
    await screenshot(page, `${target.name}-login-cn`);
    await logIn(page, target, credentials);
    // The side menu comes from the server's menu tree for this console.
    await page.getByRole('menu').first().waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, `${target.name}-dashboard-cn`);
    await page.context().close();
  });

  it('the login page itself switches to English and to dark mode', async () => {
    const page = await freshPage();
    await page.goto(`${inject('baseUrl')}/admin/login`);
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.mouse.move(700, 800);
    await waitForCaptcha(page);
    // The picture shows the dark theme, not the colours' transition into it.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await screenshot(page, 'cdn-admin-login-en-dark');
    // The other way back offers Chinese, named in Chinese.
    await page.getByRole('button', { name: '简体中文', exact: true }).waitFor();
    await page.context().close();
  });

  it('switches to English and to dark mode, and keeps both after a reload', async () => {
    const page = await freshPage();
    await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
    expect(await page.getByRole('button', { name: '消息通知' }).count()).toBe(1);

    await page.getByRole('button', { name: '切换语言' }).click();
    await page.getByText('English', { exact: true }).click();
    await page.getByRole('button', { name: 'Messages' }).waitFor();
    await page.waitForFunction(() => /^(Dashboard|Overview) - /.test(document.title));

    const background = () =>
      page.evaluate(() => getComputedStyle(document.querySelector('.ant-layout')!).backgroundColor);
    const lightBackground = await background();
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    expect(await background()).not.toBe(lightBackground);
    await page.mouse.move(700, 600);
    await page
      .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
      .waitFor({ state: 'detached' })
      .catch(() => {});
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'cdn-user-dashboard-en-dark');

    await page.reload();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    await page.getByRole('button', { name: 'Messages' }).waitFor();
    await page.context().close();
  });

  it('keeps a visited view alive: a half-typed search is still there after visiting another page, until a refresh', async () => {
    const page = await freshPage();
    await logIn(page, consoleNamed('cdn-admin'), ADMIN);
    const menu = page.getByRole('menu').first();
    await menu.getByText('用户管理').click();
    await menu.getByText('账号管理').click();
    const search = page.getByPlaceholder('搜索用户名 / 邮箱 / 手机号');
    await search.fill('dem');
    await menu.getByText('系统配置').click();
    await menu.getByText('网站配置').click();
    await page.waitForURL((url) => url.pathname === '/admin/system/web-config');
    await page.getByRole('tab', { name: '基本信息' }).or(page.getByRole('tab').first()).first().waitFor();
    await page.getByLabel('请求日志保留天数').scrollIntoViewIfNeeded();
    await screenshot(page, 'cdn-admin-web-config-basic-cn');
    expect(await search.isVisible()).toBe(false);
    await menu.getByText('账号管理').click();
    await page.waitForURL((url) => url.pathname === '/admin/account/customers');
    expect(await search.inputValue()).toBe('dem');
    // The shown view's effects run again, so the title follows it.
    await page.waitForFunction(() => document.title.startsWith('账号管理'));
    // Refresh (spec §2 /redirect/<path>) opens the page afresh: the kept search is gone.
    await page.getByRole('button', { name: '刷新本页' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/account/customers');
    await page.waitForFunction(
      () =>
        (document.querySelector<HTMLInputElement>('input[placeholder^="搜索用户名"]')?.value ?? 'x') === '',
    );
    await page.context().close();
  });

  it('shows the mobile layout with a drawer menu at phone width', async () => {
    const page = await freshPage(375, 812);
    await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'cdn-user-dashboard-mobile');
    await page.getByRole('button', { name: '打开菜单' }).click();
    await page.locator('.ant-drawer-open').waitFor();
    await screenshot(page, 'cdn-user-mobile-menu');
    await page.context().close();
  });
});
