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

interface MenuNode {
  type: number;
  path: string;
  component: string;
  meta: { available?: boolean };
}

/**
 * Every page the console's menu routes for this account (hidden detail pages and wizard steps
 * included), one per page component: the "not available yet" page once.
 */
async function menuPages(page: Page, variant: 'cdn-user' | 'cdn-admin'): Promise<string[]> {
  const nodes = await page.evaluate(async (variant) => {
    const token = localStorage.getItem(`nimbus-token:${variant}`) ?? '';
    const side = variant === 'cdn-admin' ? 'sys' : 'app';
    const answer = await fetch(`/api/${side}/menu/nav?product=cdn`, { headers: { token } });
    return ((await answer.json()) as { data: { list: MenuNode[] } }).data.list;
  }, variant);
  // Menu paths are inside the console's router basename.
  const basename = variant === 'cdn-admin' ? '/admin' : '';
  const byComponent = new Map<string, string>();
  for (const node of nodes) {
    if (node.type === 0 || node.path.includes(':')) continue;
    const key = node.meta.available === false ? 'unavailable' : node.component;
    if (!byComponent.has(key)) byComponent.set(key, `${basename}${node.path}`);
  }
  return [...byComponent.values()];
}

/** Every page's problems, by page, so a failure says where. */
async function audit(page: Page, paths: readonly string[]): Promise<Record<string, unknown>> {
  const found: Record<string, unknown> = {};
  for (const path of paths) {
    await page.goto(`${inject('baseUrl')}${path}`);
    await page.locator('.ant-layout-content').waitFor();
    await page.locator('.nimbus-page-loading').waitFor({ state: 'detached' });
    // Data arrives after the frame, and panels fade in: let the page settle before judging it.
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    );
    const problems = await seriousViolations(page);
    if (problems.length > 0) found[path] = problems;
  }
  return found;
}

/*
 * Issue 10 §7: no serious or critical WCAG 2.1 AA violation on any console page, in both themes
 * and both languages, so this stays true as screens are added. Every page the CDN consoles'
 * menus route is checked light in Chinese and dark in English; a handful of busy pages also in
 * the other two combinations.
 */
const COMBINATIONS = [
  { theme: 'light', dark: false, lang: 'cn', everyPage: true },
  { theme: 'dark', dark: true, lang: 'en', everyPage: true },
  { theme: 'light', dark: false, lang: 'en', everyPage: false },
  { theme: 'dark', dark: true, lang: 'cn', everyPage: false },
] as const;

const SOME_CUSTOMER_PAGES = ['/cdn/dashboard', '/cdn/account/info', '/cdn/message', '/cdn/log/list'];
const SOME_ADMIN_PAGES = ['/admin/dashboard', '/admin/system/mail', '/admin/account/customers'];

describe.each(COMBINATIONS)('accessibility, $theme theme, $lang', ({ dark, lang, everyPage }) => {
  it('customer pages', async () => {
    const page = await pageWith(dark, lang);
    await page.goto(`${inject('baseUrl')}/login`);
    await waitForCaptcha(page);
    const login = await seriousViolations(page);
    await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
    const paths = everyPage ? await menuPages(page, 'cdn-user') : SOME_CUSTOMER_PAGES;
    if (everyPage) expect(paths.length).toBeGreaterThan(10);
    expect({ '/login': login, ...(await audit(page, paths)) }).toEqual({ '/login': [] });
    await page.context().close();
  });

  it('admin pages', async () => {
    const page = await pageWith(dark, lang);
    await logIn(page, consoleNamed('cdn-admin'), ADMIN);
    const paths = everyPage ? await menuPages(page, 'cdn-admin') : SOME_ADMIN_PAGES;
    if (everyPage) expect(paths.length).toBeGreaterThan(10);
    expect(await audit(page, paths)).toEqual({});
    await page.context().close();
  });
});

/** WCAG relative luminance of a computed `rgb(…)` colour, and the contrast of two. */
function contrastOf(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, bl] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

describe.each([
  { theme: 'light', dark: false },
  { theme: 'dark', dark: true },
])('keyboard focus, $theme theme', ({ dark }) => {
  it('shows a ring of at least 3:1 around buttons and links', async () => {
    const page = await pageWith(dark, 'cn');
    await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
    await page.locator('.ant-layout-content').waitFor();
    const rings: { ring: string; width: string; page: string }[] = [];
    for (const target of [
      page.getByRole('button', { name: '切换语言' }),
      page.locator('.ant-layout-content a').first(),
    ]) {
      await target.focus();
      // Focus from the keyboard (Tab back and forth) so :focus-visible applies.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      rings.push(
        await page.evaluate(() => {
          const style = getComputedStyle(document.activeElement!);
          return {
            ring: style.outlineColor,
            width: style.outlineWidth,
            page: getComputedStyle(document.body).backgroundColor,
          };
        }),
      );
    }
    for (const { ring, width, page: background } of rings) {
      expect(parseFloat(width)).toBeGreaterThanOrEqual(2);
      expect(
        contrastOf(ring, background === 'rgba(0, 0, 0, 0)' ? 'rgb(255, 255, 255)' : background),
      ).toBeGreaterThanOrEqual(3);
    }
    await page.context().close();
  });
});
