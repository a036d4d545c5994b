import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { freshPage, launchBrowser, screenshot, switchToEnglish } from '../support/browser';
import { CUSTOMER } from '../support/global-setup';
import { consoleNamed, logIn } from '../support/login';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A call as a script makes it from this origin: the key as a bearer token, no login token. */
const callWithKey = (page: Page, path: string, key: string) =>
  page.evaluate(
    async ({ path, key }) => {
      const response = await fetch(`/api/${path}`, {
        method: path.endsWith('userinfo') ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          lang: 'cn',
          ...(path.endsWith('userinfo') ? {} : { 'content-type': 'application/json' }),
        },
        body: path.endsWith('userinfo') ? undefined : '{}',
      });
      return (await response.json()) as { code: number; msg: string };
    },
    { path, key },
  );

/** The key in the dialog that shows it once. */
async function readShownKey(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog');
  const key = (await dialog.getByTestId('api-key-value').innerText()).trim();
  expect(key).toMatch(/^nmb_[\w-]{43}$/);
  return key;
}

describe('DNS API key', () => {
  it('a DNS customer creates a key, sees it once, uses it from a script, replaces and revokes it', async () => {
    const page = await freshPage(browser);
    await logIn(page, consoleNamed('dns-user'), CUSTOMER);
    // The header can re-render under the pointer while the console settles and drop the click
    // (the menu closes): open the menu again until the page is reached.
    for (let attempt = 1; new URL(page.url()).pathname !== '/dns/api-key'; attempt++) {
      try {
        await page.getByRole('button', { name: '账户菜单' }).click({ timeout: 5_000 });
        await page
          .locator('.ant-dropdown-menu')
          .getByRole('menuitem', { name: 'API 密钥' })
          .click({ timeout: 5_000 });
        await page.waitForURL((url) => url.pathname === '/dns/api-key', { timeout: 10_000 });
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
    await page.getByText('您还没有 API 密钥').waitFor();
    await page.getByText('Authorization: Bearer <您的 API 密钥>', { exact: true }).waitFor();
    await screenshot(page, 'dns-user-api-key-empty');

    await page.getByRole('button', { name: '创建密钥' }).click();
    const key = await readShownKey(page);
    await page.getByRole('dialog').getByText('此密钥只显示这一次').waitFor();
    await screenshot(page, 'dns-user-api-key-created');
    await page.getByRole('dialog').getByRole('button', { name: '我已保存' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // Only its first characters stay on the page.
    expect(await page.getByTestId('api-key-prefix').innerText()).toBe(`${key.slice(0, 12)}…`);
    expect(await page.content()).not.toContain(key);

    expect(await callWithKey(page, 'app/dns/zone/list', key)).toMatchObject({ code: 1 });
    expect((await callWithKey(page, 'app/account/userinfo', key)).code).toBe(401);
    await page.reload();
    await page
      .getByTestId('api-key-last-used')
      .getByText(/来自 127\.0\.0\.1/)
      .waitFor();
    await screenshot(page, 'dns-user-api-key');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: '更换密钥' }).click();
    const replace = page.locator('.ant-modal-confirm');
    await replace.locator('.ant-modal-confirm-title', { hasText: '更换 API 密钥？' }).waitFor();
    await screenshot(page, 'dns-user-api-key-replace');
    await replace.getByRole('button', { name: /更\s?换/ }).click();
    await page.getByTestId('api-key-value').waitFor();
    const replaced = await readShownKey(page);
    expect(replaced).not.toBe(key);
    await page.getByRole('dialog').getByRole('button', { name: '我已保存' }).click();
    expect(await callWithKey(page, 'app/dns/zone/list', key)).toEqual({
      code: 401,
      msg: 'API 密钥无效或已被吊销',
    });
    expect((await callWithKey(page, 'app/dns/zone/list', replaced)).code).toBe(1);

    await switchToEnglish(page);
    await page.getByText('How to use it').waitFor();
    await page
      .getByText('Never used')
      .or(page.getByText(/from 127\.0\.0\.1/))
      .waitFor();
    await screenshot(page, 'dns-user-api-key-en');
    await page.getByRole('button', { name: 'Revoke key' }).click();
    const revoke = page.locator('.ant-modal-confirm');
    await revoke.locator('.ant-modal-confirm-title', { hasText: 'Revoke the API key?' }).waitFor();
    await screenshot(page, 'dns-user-api-key-revoke-en');
    await revoke.getByRole('button', { name: 'Revoke', exact: true }).click();
    await page.getByText('You have no API key yet').waitFor();
    expect((await callWithKey(page, 'app/dns/zone/list', replaced)).code).toBe(401);
    await screenshot(page, 'dns-user-api-key-empty-en');

    await page.getByRole('button', { name: 'Create key' }).click();
    await readShownKey(page);
    await page.getByText('Copy it now and keep it safe').waitFor();
    await screenshot(page, 'dns-user-api-key-created-en');
    await page.getByRole('dialog').getByRole('button', { name: 'I have saved it' }).click();
    await page.context().close();
  });
});
