import { gzipSync } from 'node:zlib';
import { EDGE_LOG_BATCH_HEADER, EDGE_PATHS, type EdgeNodeSaved, type StreamLogLine } from '@nimbus/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { freshPage, launchBrowser, screenshot, switchToEnglish } from '../support/browser';
import { withDb } from '../support/db';
import { ADMIN, CUSTOMER } from '../support/global-setup';
import { callAsPage, consoleNamed, logIn } from '../support/login';

/**
 * Issue 19 §3, layer 4, with real data: an edge node ships the sessions of a customer's forwarding
 * rule (the edge API, as nimbus-edge posts it), and the customer reads them on the forwarding
 * monitor, ranking and session log. Both languages.
 */
let browser: Browser;

/** 24 sessions of the last 20 minutes: 3 clients, one refused by the upstream (502). */
function lines(ruleId: number): string {
  const now = Date.now();
  return Array.from({ length: 24 }, (_, i) => {
    const line: StreamLogLine = {
      rule: String(ruleId),
      time: ((now - i * 50_000) / 1000).toFixed(3),
      ip: `203.0.113.${1 + (i % 3)}`,
      port: String(40_000 + i),
      proto: 'TCP',
      st: (1 + i / 10).toFixed(3),
      in: String(2_000 + i * 100),
      out: i === 5 ? '0' : String(200_000 + i * 10_000),
      uin: i === 5 ? '-' : String(200_000 + i * 10_000),
      uout: i === 5 ? '-' : String(2_000 + i * 100),
      up: i === 5 ? '-' : '10.0.0.5:22',
      status: i === 5 ? '502' : '200',
    };
    return JSON.stringify(line);
  }).join('\n');
}

async function check(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await screenshot(page, name);
  expect(await seriousViolations(page)).toEqual([]);
}

beforeAll(async () => {
  browser = await launchBrowser();
  await withDb((client) =>
    client.query(
      `insert into edge_groups (name, is_default) select 'stream-e2e', true
       where not exists (select 1 from edge_groups where is_default)`,
    ),
  );
  const admin = await freshPage(browser);
  await logIn(admin, consoleNamed('cdn-admin'), ADMIN);
  const [group] = (
    await withDb((client) => client.query<{ id: number }>('select id from edge_groups where is_default'))
  ).rows;
  const node = await callAsPage<EdgeNodeSaved>(admin, 'sys/edge/node/save', {
    name: 'stream-e2e-1',
    ipv4: '198.51.100.202',
    groupId: group!.id,
  });
  expect(node.code, node.msg).toBe(1);
  await admin.context().close();
  // The rule is written straight into the database: creating one through the console needs the
  // customer's real-name check, which is another screen's story.
  const [rule] = (
    await withDb((client) =>
      client.query<{ id: number }>(
        `insert into stream_rules (customer_id, name, protocol, listen_port, balance, origins, node_group_id)
         select id, 'ssh-e2e', 'tcp', 22022, 'round_robin', '[{"address":"10.0.0.5","port":22,"weight":1,"role":"main"}]', $1
         from customers where username = $2 returning id`,
        [group!.id, CUSTOMER.username],
      ),
    )
  ).rows;
  const response = await fetch(`${inject('baseUrl')}/api/${EDGE_PATHS.streamLogs}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${node.data.token!}`,
      'content-type': 'application/x-ndjson',
      'content-encoding': 'gzip',
      [EDGE_LOG_BATCH_HEADER]: '1-0',
    },
    body: gzipSync(lines(rule!.id)),
  });
  expect(((await response.json()) as { code: number }).code).toBe(1);
});
afterAll(async () => {
  await browser?.close();
});

describe('layer-4 screens', () => {
  it('a customer reads their rule’s sessions: monitor, ranking, session log (Chinese)', async () => {
    const page = await freshPage(browser);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
    const base = inject('baseUrl');

    await page.goto(`${base}/cdn/stream/es`);
    await page.getByText('发送到客户端').waitFor();
    await check(page, 'cdn-user-stream-monitor-cn');

    await page.goto(`${base}/cdn/stream/top`);
    await page.getByRole('cell', { name: '203.0.113.1', exact: true }).waitFor();
    await check(page, 'cdn-user-stream-top-cn');

    await page.goto(`${base}/cdn/stream/log`);
    await page.getByText('203.0.113.1:40000').waitFor();
    await check(page, 'cdn-user-stream-log-cn');
    await page.context().close();
  });

  it('reads the same in English, filtered to the refused session', async () => {
    const page = await freshPage(browser);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await logIn(page, consoleNamed('cdn-user'), CUSTOMER);
    await switchToEnglish(page);
    const base = inject('baseUrl');
    await page.goto(`${base}/cdn/stream/es`);
    await page.getByText('Sent to clients').waitFor();
    await check(page, 'cdn-user-stream-monitor-en');
    await page.goto(`${base}/cdn/stream/top`);
    await page.getByRole('tab', { name: 'Rule' }).click();
    await page.getByRole('cell', { name: 'ssh-e2e TCP 22022' }).waitFor();
    await check(page, 'cdn-user-stream-top-en');
    await page.goto(`${base}/cdn/stream/log`);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByTitle('502 Upstream unreachable').click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('203.0.113.3:40005').waitFor();
    await check(page, 'cdn-user-stream-log-en');
    await page.context().close();
  });
});
