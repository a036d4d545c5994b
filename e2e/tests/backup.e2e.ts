import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from '../support/browser';
import { ADMIN } from '../support/global-setup';
import { consoleNamed, logIn } from '../support/login';

let browser: Browser;
const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-e2e-backup-'));
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(downloads, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('the admin downloads a backup and restores it after confirming', async () => {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 1000 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await logIn(page, consoleNamed('cdn-admin'), ADMIN);
    await page.goto(`${inject('baseUrl')}/admin/system/backup`);
    await page.getByText('备份包含平台的全部记录').waitFor();
    await screenshot(page, 'cdn-admin-backup');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /下载备份/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^nimbus-.*\.nimbus-backup$/);
    const file = path.join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    expect(fs.statSync(file).size).toBeGreaterThan(1000);
    await page.locator('.ant-message').getByText('备份已下载').waitFor();

    await page.getByRole('button', { name: '切换语言' }).click();
    await page.getByText('English', { exact: true }).click();
    await page.getByText('Restore from a backup').waitFor();
    await page.locator('input[type=file]').setInputFiles(file);
    const confirm = page.getByRole('dialog');
    await confirm.getByText(/Every record made since this backup/).waitFor();
    await screenshot(page, 'cdn-admin-backup-confirm-en');
    await confirm.getByRole('button', { name: 'Replace everything' }).click();
    const restored = page.locator('.ant-alert-success');
    await restored.getByText(/records in \d+ tables/).waitFor();
    await screenshot(page, 'cdn-admin-backup-restored-en');
    await context.close();
  });
});
