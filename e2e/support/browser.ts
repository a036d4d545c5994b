import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');

/** Debian's Chromium, never a downloaded browser; flags for a closed network, as root. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  // A picture of the page, not of its fade-in: wait for finite animations (a spinner never ends).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => {});
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: false });
}

/** A new page in a fresh context (empty storage, no cookies) at the tests' desktop size. */
export async function freshPage(
  browser: Browser,
  options: { acceptDownloads?: boolean } = {},
): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 1440, height: 1000 }, ...options })).newPage();
}

/** Switches a console from Chinese (the default) to English through the header's language menu. */
export async function switchToEnglish(page: Page): Promise<void> {
  const isEnglish = () => page.evaluate(() => document.documentElement.lang === 'en');
  // A page still settling can re-render the header under the pointer: the menu closes, or the
  // click on "English" lands on a node React has just replaced and does nothing. Try again
  // then, unless the switch has landed meanwhile (it waits up to 10 s for the English strings).
  for (let attempt = 1; ; attempt++) {
    if (await isEnglish()) return;
    try {
      await page.getByRole('button', { name: '切换语言' }).click({ timeout: 5_000 });
      await page.getByRole('menuitem', { name: 'English' }).click({ timeout: 5_000 });
      await page.waitForFunction(() => document.documentElement.lang === 'en', undefined, {
        timeout: 15_000,
      });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** A button's Chinese name as antd writes it: a space may stand between two characters. */
export const spaced = (text: string) => new RegExp(`${[...text].join('\\s?')}$`);
