import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { captchaAnswer } from './db';

export interface Console {
  name: 'cdn-user' | 'cdn-admin' | 'dns-user' | 'dns-admin';
  basename: string;
  home: string;
}

export const CONSOLES: Console[] = [
  { name: 'cdn-user', basename: '', home: '/cdn/dashboard' },
  { name: 'cdn-admin', basename: '/admin', home: '/admin/dashboard' },
  { name: 'dns-user', basename: '/dns', home: '/dns/dashboard' },
  { name: 'dns-admin', basename: '/dns/admin', home: '/dns/admin/dashboard' },
];

export const consoleNamed = (name: Console['name']) => CONSOLES.find((c) => c.name === name)!;

/**
 * Waits until the captcha image has arrived and drawn: only then has the server stored its
 * answer (reading the answer sooner races the image request), and a screenshot shows it.
 */
export async function waitForCaptcha(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() => {
    const image = document.querySelector<HTMLImageElement>('img[src*="kaptcha.jpg"]');
    return image?.complete === true && image.naturalWidth > 0 ? image.getAttribute('src') : null;
  });
  const src = (await handle.jsonValue()) as string;
  return new URL(src, inject('baseUrl')).searchParams.get('uuid')!;
}

/**
 * Logs in through the real login page as a person would; only the captcha's answer is read from
 * the database (a person reads it off the image).
 */
export async function logIn(
  page: Page,
  target: Console,
  credentials: { username: string; password: string },
) {
  await page.goto(`${inject('baseUrl')}${target.basename}/login`);
  const uuid = await waitForCaptcha(page);
  await page.locator('#login_username').fill(credentials.username);
  await page.locator('#login_password').fill(credentials.password);
  await page.locator('#login_captcha').fill(await captchaAnswer(uuid));
  await page.locator('#login button[type=submit]').click();
  await page.waitForURL((url) => url.pathname === target.home, { timeout: 30_000 });
  await page.getByRole('button', { name: /账户菜单|Account menu/ }).waitFor();
}

/** A customer API call with the console's own session, as the page's scripts make it. */
export function callAsPage<T>(
  page: Page,
  path: string,
  body: unknown,
): Promise<{ code: number; msg: string; data: T }> {
  return page.evaluate(
    async ({ path, body }) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('nimbus-token:'))!;
      const response = await fetch(`/api/${path}`, {
        method: 'POST',
        headers: { token: localStorage.getItem(key)!, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return response.json();
    },
    { path, body },
  );
}
