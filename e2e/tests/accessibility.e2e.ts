import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { ADMIN, CUSTOMER } from '../support/global-setup';
import { consoleNamed, logIn, waitForCaptcha } from '../support/login';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const THEMES = [
  { name: 'light', dark: false },
  { name: 'dark', dark: true },
] as const;
const LANGS = ['cn', 'en'] as const;

/** A fresh browser whose stored theme and language are set before the console's code runs. */
async function pageWith(dark: boolean, lang: 'cn' | 'en'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, bypassCSP: true });
  await context.addInitScript(
    ({ dark, lang }) => {
      localStorage.setItem('nimbus-theme', JSON.stringify({ dark }));
      localStorage.setItem('nimbus-lang', lang);
    },
    { dark, lang },
  );
  return context.newPage();
}

/** Every page's problems, by page, so a failure says where. */
async function audit(page: Page, paths: readonly string[], ready: string): Promise<Record<string, unknown>> {
  const found: Record<string, unknown> = {};
  for (const path of paths) {
    await page.goto(`${inject('baseUrl')}${path}`);
    await page.locator(ready).first().waitFor();
    // Data arrives after the frame; let the page settle before judging it.
    await page.waitForLoadState('networkidle');
    const problems = await seriousViolations(page);
    if (problems.length > 0) found[path] = problems;
  }
  return found;
}

/*
 * Issue 10 §7: no serious or critical WCAG 2.1 AA violation on the consoles' pages, in both
 * themes and both languages, so this stays true as screens are added (add new pages here).
 */
describe.each(THEMES)('accessibility, $name theme', ({ dark }) => {
  it.each(LANGS)('customer pages (%s)', async (lang) => {
    const page = await pageWith(dark, lang);
    await page.goto(`${inject('baseUrl')}/login`);
    await waitForCaptcha(page);
    const login = await seriousViolations(page);
    await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
    const pages = await audit(
      page,
      ['/cdn/dashboard', '/cdn/account/info', '/cdn/message', '/cdn/log/list', '/cdn/work-order/list/status'],
      '.ant-layout-content .ant-card',
    );
    expect({ '/login': login, ...pages }).toEqual({ '/login': [] });
    await page.context().close();
  });

  it.each(LANGS)('admin pages (%s)', async (lang) => {
    const page = await pageWith(dark, lang);
    await logIn(page, consoleNamed('cdn-admin'), ADMIN);
    const pages = await audit(
      page,
      ['/admin/dashboard', '/admin/system/mail', '/admin/account/customers', '/admin/support/work-orders'],
      '.ant-layout-content .ant-card',
    );
    expect(pages).toEqual({});
    await page.context().close();
  });
});
