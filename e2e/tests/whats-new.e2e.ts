import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
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

/** The release headings of the repository's CHANGELOG.md, newest first: what the drawer must list. */
const releases = fs
  .readFileSync(path.resolve(import.meta.dirname, '../../CHANGELOG.md'), 'utf8')
  .split('\n')
  .flatMap((line) => /^## (\S+) — (\S+)$/.exec(line)?.slice(1, 3) ?? [])
  .reduce<[string, string][]>(
    (pairs, value, i, all) => (i % 2 ? pairs : [...pairs, [value, all[i + 1]!]]),
    [],
  );

/** Opens the drawer from the avatar menu; the menu may close under a re-rendering header, so try again. */
async function openWhatsNew(page: Page, menuName: RegExp, entry: string, title: string, shot?: string) {
  const drawer = page.getByRole('dialog').filter({ hasText: title });
  for (let attempt = 1; ; attempt++) {
    try {
      await page.getByRole('button', { name: menuName }).click({ timeout: 5_000 });
      if (shot) {
        await page
          .locator('.ant-dropdown-menu')
          .getByRole('menuitem', { name: entry })
          .waitFor({ timeout: 5_000 });
        await screenshot(page, shot);
      }
      await page
        .locator('.ant-dropdown-menu')
        .getByRole('menuitem', { name: entry })
        .click({ timeout: 5_000 });
      await drawer.waitFor({ timeout: 10_000 });
      return drawer;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

describe("What's new", () => {
  it('the DNS admin opens the release notes from the avatar menu, in Chinese and in English', async () => {
    expect(releases.length).toBeGreaterThan(0);
    const page = await freshPage(browser);
    await logIn(page, consoleNamed('dns-admin'), ADMIN);
    const home = new URL(page.url()).pathname;

    const drawer = await openWhatsNew(page, /账户菜单/, '更新日志', '更新日志', 'whats-new-dns-admin-menu');
    const shown = drawer.getByTestId('release');
    await shown.first().waitFor();
    expect(await shown.count()).toBe(Math.min(releases.length, 10));
    const [version, date] = releases[0]!;
    await shown.first().getByText(`版本 ${version}`).waitFor();
    await shown.first().getByText(`发布于 ${date}`).waitFor();
    await shown.first().getByText('最新').waitFor();
    expect(await shown.first().locator('ul > li').count()).toBeGreaterThan(0);
    // A drawer over the page, not a page of its own.
    expect(new URL(page.url()).pathname).toBe(home);
    await screenshot(page, 'whats-new-dns-admin');
    expect(await seriousViolations(page)).toEqual([]);

    await drawer.getByRole('button', { name: /Close|关闭/ }).click();
    await drawer.waitFor({ state: 'hidden' });
    await switchToEnglish(page);
    const english = await openWhatsNew(page, /Account menu/, "What's new", "What's new");
    await english.getByTestId('release').first().getByText(`Version ${version}`).waitFor();
    await english.getByText(`Released ${date}`).first().waitFor();
    await english.getByText('Latest', { exact: true }).waitFor();
    await screenshot(page, 'whats-new-dns-admin-en');
    await page.close();
  });
});
