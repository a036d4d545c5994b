import { gzipSync } from 'node:zlib';
import { EDGE_LOG_BATCH_HEADER, EDGE_PATHS, type AccessLogLine, type EdgeNodeSaved } from '@nimbus/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { freshPage, launchBrowser, screenshot, switchToEnglish } from '../support/browser';
import { givePlan, withDb } from '../support/db';
import { ADMIN, CUSTOMER } from '../support/global-setup';
import { callAsPage, consoleNamed, logIn } from '../support/login';

/**
 * Issue 19 §3 with real data: an edge node's agent ships a site's access log (the edge API, as
 * nimbus-edge posts it), and the customer reads it on the traffic, ranking and request-log screens,
 * plan usage and the dashboard; the admin sees the platform's traffic per node. Both languages.
 */
const DOMAIN = 'www.stats-e2e.test';
let browser: Browser;

/** 30 requests of the last 20 minutes: 20 cached pages, 6 promotions from the origin, 4 misses. */
function lines(siteId: number): string {
  const now = Date.now();
  return Array.from({ length: 30 }, (_, i) => {
    const [uri, status, cache] =
      i < 20
        ? ['/index.html', '200', 'HIT']
        : i < 26
          ? ['/promo/spring.html?from=mail', '200', 'MISS']
          : ['/missing', '404', 'MISS'];
    const line: AccessLogLine = {
      site: String(siteId),
      time: ((now - i * 40_000) / 1000).toFixed(3),
      ip: i % 3 === 0 ? '203.0.113.9' : `198.51.100.${i}`,
      method: 'GET',
      host: DOMAIN,
      uri,
      status,
      out: String(20_000 + i * 1000),
      in: '400',
      rt: '0.020',
      ut: cache === 'HIT' ? '' : '0.015',
      ob: cache === 'HIT' ? '' : '18000',
      cache,
      ref: i % 2 === 0 ? 'https://news.example.com/' : '',
      ua: 'Mozilla/5.0 (e2e)',
      scheme: 'https',
      proto: 'HTTP/2.0',
      tls: 'TLSv1.3',
    };
    return JSON.stringify(line);
  }).join('\n');
}

async function shipAsNode(token: string, body: string) {
  const response = await fetch(`${inject('baseUrl')}/api/${EDGE_PATHS.logs}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/x-ndjson',
      'content-encoding': 'gzip',
      [EDGE_LOG_BATCH_HEADER]: '1-0',
    },
    body: gzipSync(body),
  });
  expect(((await response.json()) as { code: number }).code).toBe(1);
  // The rollup job sums the batch in the background, within moments.
  for (let i = 0; i < 100; i++) {
    const left = await withDb((client) => client.query('select 1 from log_batches where not rolled'));
    if (left.rowCount === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the rollup job did not sum the batch');
}

async function check(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await screenshot(page, name);
  expect(await seriousViolations(page)).toEqual([]);
}

beforeAll(async () => {
  browser = await launchBrowser();
  await givePlan(CUSTOMER.username);
  await withDb((client) =>
    client.query(
      `insert into edge_groups (name, is_default) select 'stats-e2e', true
       where not exists (select 1 from edge_groups where is_default)`,
    ),
  );
  const admin = await freshPage(browser);
  await logIn(admin, consoleNamed('cdn-admin'), ADMIN);
  const [group] = (
    await withDb((client) => client.query<{ id: number }>('select id from edge_groups where is_default'))
  ).rows;
  const node = await callAsPage<EdgeNodeSaved>(admin, 'sys/edge/node/save', {
    name: 'stats-e2e-1',
    ipv4: '198.51.100.201',
    groupId: group!.id,
  });
  expect(node.code, node.msg).toBe(1);
  await admin.context().close();
  const customer = await freshPage(browser);
  await logIn(customer, consoleNamed('cdn-user'), CUSTOMER);
  const site = await callAsPage<{ id: number }>(customer, 'app/site/domain/create', {
    domain: DOMAIN,
    origins: [{ address: 'origin.example.com', httpPort: 8080 }],
  });
  expect(site.code, site.msg).toBe(1);
  await customer.context().close();
  await shipAsNode(node.data.token!, lines(site.data.id));
});
afterAll(async () => {
  await browser?.close();
});

describe('analytics screens', () => {
  it('a customer reads what their site served: traffic, ranking, request log, usage, dashboard (Chinese)', async () => {
    const page = await freshPage(browser);
    // Charts draw at once (no animation) for a reader asking for less motion: whole in the picture.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
    const base = inject('baseUrl');

    await page.goto(`${base}/cdn/es/site`);
    await page.getByRole('tab', { name: '状态码' }).click();
    await page.getByRole('cell', { name: '404', exact: true }).waitFor();
    await check(page, 'cdn-user-traffic-cn');

    await page.goto(`${base}/cdn/es/top`);
    await page.getByText('/promo/spring.html', { exact: true }).waitFor();
    await page.getByText('/index.html', { exact: true }).waitFor();
    await check(page, 'cdn-user-top-cn');

    await page.goto(`${base}/cdn/analysis/query/access`);
    await page.getByText('/index.html').first().waitFor();
    await page.getByLabel('URL 包含').fill('promo');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByText('/promo/spring.html?from=mail').first().waitFor();
    await check(page, 'cdn-user-request-log-cn');

    await page.goto(`${base}/cdn/plan/usage`);
    await page.getByText(/本月/).first().waitFor();
    await check(page, 'cdn-user-plan-usage-cn');

    await page.goto(`${base}/cdn/dashboard`);
    await page.getByText('今日流量', { exact: false }).first().waitFor();
    await check(page, 'cdn-user-dashboard-traffic-cn');
    await page.context().close();
  });

  it('reads the same in English, and the admin sees the traffic per node', async () => {
    const page = await freshPage(browser);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
    await switchToEnglish(page);
    const base = inject('baseUrl');
    await page.goto(`${base}/cdn/es/site`);
    await page.getByRole('tab', { name: 'Status codes' }).click();
    await page.getByRole('cell', { name: '404', exact: true }).waitFor();
    await check(page, 'cdn-user-traffic-en');
    await page.goto(`${base}/cdn/analysis/query/access`);
    await page.getByLabel('Status code').fill('404');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('/missing').first().waitFor();
    await check(page, 'cdn-user-request-log-en');
    await page.goto(`${base}/cdn/es/top`);
    await page.getByText('/promo/spring.html', { exact: true }).waitFor();
    await check(page, 'cdn-user-top-en');
    await page.context().close();

    const admin = await freshPage(browser);
    await admin.emulateMedia({ reducedMotion: 'reduce' });
    await logIn(admin, consoleNamed('cdn-admin'), ADMIN);
    await admin.getByText('stats-e2e-1').first().waitFor();
    await check(admin, 'cdn-admin-dashboard-traffic-cn');
    await admin.context().close();
  });
});
