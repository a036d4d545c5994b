import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** What a probe gets from the node list with this key, as it would call from elsewhere. */
const importWith = (page: Page, key: string) =>
  page.evaluate(async (key) => {
    const response = await fetch('/api/edge/v1/probe/nodes', { headers: { authorization: `Bearer ${key}` } });
    return ((await response.json()) as { code: number }).code;
  }, key);

const shownKey = async (page: Page) => (await page.getByTestId('authorization-key').innerText()).trim();

describe('DNS admin authorization info', () => {
  it('shows the installation and the probe key, reveals and rotates it, in Chinese and English', async () => {
    const page = await freshPage(browser);
    await logIn(page, consoleNamed('dns-admin'), ADMIN);
    // The header can re-render under the pointer while the console settles and drop the click:
    // open the avatar menu again until the page is reached.
    for (let attempt = 1; new URL(page.url()).pathname !== '/dns/admin/authorization'; attempt++) {
      try {
        await page.getByRole('button', { name: '账户菜单' }).click({ timeout: 5_000 });
        await page
          .locator('.ant-dropdown-menu')
          .getByRole('menuitem', { name: '授权信息' })
          .click({ timeout: 5_000 });
        await page.waitForURL((url) => url.pathname === '/dns/admin/authorization', { timeout: 10_000 });
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
    await page.getByText('安装信息').waitFor();
    expect(await page.getByTestId('authorization-version').innerText()).toMatch(
      /^\d+\.\d+\.\d+（\d{4}-\d{2}-\d{2} 发布）$/,
    );
    expect(await page.getByText('此功能暂未开放。').count()).toBe(0);

    // Hidden first; shown on request; the import command carries the key and the public URL.
    expect(await shownKey(page)).toMatch(/^probe_[\w-]{4}•+$/);
    await page.getByRole('button', { name: /显\s*示/ }).click();
    const oldKey = await shownKey(page);
    expect(oldKey).toMatch(/^probe_[\w-]{43}$/);
    const origin = new URL(page.url()).origin;
    expect(await page.getByTestId('authorization-import-command').innerText()).toContain(
      `curl -fsS -H 'authorization: Bearer ${oldKey}' '${origin}/api/edge/v1/probe/nodes'`,
    );
    expect(await importWith(page, oldKey)).toBe(1);
    await screenshot(page, 'dns-admin-authorization-cn');

    // Rotating warns first; the old key is refused at once, the new one works.
    await page.getByRole('button', { name: '重置密钥' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('当前密钥立即失效', { exact: false }).waitFor();
    await screenshot(page, 'dns-admin-authorization-rotate-cn');
    await confirm.getByRole('button', { name: /重\s*置/ }).click();
    const toast = page.locator('.ant-message').getByText('已生成新密钥，旧密钥已失效');
    await toast.waitFor();
    await expect.poll(() => shownKey(page)).not.toBe(oldKey);
    const newKey = await shownKey(page);
    expect(await importWith(page, oldKey)).toBe(401);
    expect(await importWith(page, newKey)).toBe(1);

    await toast.waitFor({ state: 'hidden' }); // a Chinese toast out of the English picture
    await switchToEnglish(page);
    await page.getByText('This installation').waitFor();
    await page.getByText('Connect a probe').waitFor();
    expect(await page.getByTestId('authorization-version').innerText()).toMatch(
      /^\d+\.\d+\.\d+ \(released \d{4}-\d{2}-\d{2}\)$/,
    );
    await page.getByRole('button', { name: 'Rotate key' }).waitFor();
    await page.mouse.move(720, 990); // the language menu's tooltips out of the picture
    await screenshot(page, 'dns-admin-authorization-en');
    await page.context().close();
  });
});
