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
 * Logs in through the real login page as a person would; only the captcha's answer is read from
 * the database (a person reads it off the image).
 */
export async function logIn(
  page: Page,
  target: Console,
  credentials: { username: string; password: string },
) {
  await page.goto(`${inject('baseUrl')}${target.basename}/login`);
  const image = page.locator('img[src*="kaptcha.jpg"]');
  await image.waitFor();
  const uuid = new URL((await image.getAttribute('src'))!, inject('baseUrl')).searchParams.get('uuid')!;
  await page.locator('#login_username').fill(credentials.username);
  await page.locator('#login_password').fill(credentials.password);
  await page.locator('#login_captcha').fill(await captchaAnswer(uuid));
  await page.locator('#login button[type=submit]').click();
  await page.waitForURL((url) => url.pathname === target.home, { timeout: 30_000 });
  await page.getByRole('button', { name: /账户菜单|Account menu/ }).waitFor();
}
