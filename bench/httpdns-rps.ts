// HTTPDNS answers per second (issue 9 §5, §8), a part of `npm run bench` (BENCH_ONLY=dns or
// BENCH_ONLY=httpdns). Debian's pdns_server (embedded, as Nimbus starts it) holds a zone; the
// HTTPDNS listeners of apps/server answer `GET /d?dn=…` by asking it over UDP with an EDNS client
// subnet. Measured against a bare node:http server answering the same text, in the same run on
// this machine: the ratio is the figure (what one DNS round trip and the parsing cost), not the
// absolute rps. The listeners run in this process, as the bare server does: both share its CPU
// with autocannon alike.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startEmbeddedPowerDns } from '../apps/server/src/integrations/powerdns/embedded';
import { httpdnsListeners } from '../apps/server/src/modules/httpdns/httpdns.listener';
import { table, type Outcome } from './lib/format';
import { freePort } from './lib/ports';
import { percentile } from './lib/stats';

const HOST = '127.0.0.1';
const QUERY = '/d?dn=www.bench.test&ip=10.1.2.3&ttl=1';
const EXPECTED = '192.0.2.1;192.0.2.2';

export interface HttpdnsOptions {
  connections: number;
  durationSeconds: number;
  rounds: number;
}

export interface HttpdnsLoad {
  rps: number;
  p99: number;
  /** Answers that were not the record set. */
  failed: number;
  /** Socket errors and timeouts. */
  errors: number;
}

export interface HttpdnsResult {
  options: HttpdnsOptions;
  sample: string;
  rounds: { bare: HttpdnsLoad; httpdns: HttpdnsLoad; ratio: number }[];
}

/** PowerDNS rotates the order of a record set: compare the set. */
const addressesOf = (answer: string) => answer.split(',')[0]!.split(';').sort().join(';');

async function load(url: string, options: HttpdnsOptions): Promise<HttpdnsLoad> {
  let failed = 0;
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationSeconds,
    requests: [
      {
        method: 'GET',
        path: QUERY,
        onResponse: (status: number, body: string) => {
          if (status !== 200 || addressesOf(body) !== EXPECTED) failed++;
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    failed,
    errors: result.errors + result.timeouts,
  };
}

/** Starts its own PowerDNS and HTTPDNS listener on free ports, measures, and stops them. */
export async function benchHttpdns(options: HttpdnsOptions): Promise<HttpdnsResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-bench-pdns-'));
  const [dnsPort, apiPort, httpdnsPort, barePort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  let pdns: Awaited<ReturnType<typeof startEmbeddedPowerDns>> | undefined;
  let listeners: ReturnType<typeof httpdnsListeners> | undefined;
  let bare: http.Server | undefined;
  try {
    pdns = await startEmbeddedPowerDns({
      dir,
      dns: { host: HOST, port: dnsPort },
      api: { host: HOST, port: apiPort },
    });
    listeners = httpdnsListeners(
      HOST,
      { authoritative: { state: 'ready', client: pdns.client, dns: pdns.dns, linesDir: null } },
      (error) => console.error(error),
    );
    await pdns.client.createZone('bench.test', ['ns1.bench.test']);
    await pdns.client.patchRRsets('bench.test', [
      {
        name: 'www.bench.test.',
        type: 'A',
        ttl: 60,
        changetype: 'REPLACE',
        records: [
          { content: '192.0.2.1', disabled: false },
          { content: '192.0.2.2', disabled: false },
        ],
      },
    ]);
    await listeners.apply({
      status: 1,
      portHttp: httpdnsPort,
      portHttps: null,
      certCrt: '',
      certKey: undefined,
      signKeys: undefined,
    });
    const sample = await (await fetch(`http://${HOST}:${httpdnsPort}${QUERY}`)).text();
    if (addressesOf(sample) !== EXPECTED) throw new Error(`HTTPDNS answered "${sample}"`);
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      response.end(sample);
    });
    bare = server;
    await new Promise<void>((resolve) => server.listen(barePort, HOST, resolve));

    const rounds: HttpdnsResult['rounds'] = [];
    for (let round = 1; round <= Math.max(1, options.rounds); round++) {
      const base = await load(`http://${HOST}:${barePort}`, options);
      const ours = await load(`http://${HOST}:${httpdnsPort}`, options);
      rounds.push({ bare: base, httpdns: ours, ratio: ours.rps / base.rps });
    }
    return { options, sample, rounds };
  } finally {
    await listeners?.close();
    const server = bare;
    if (server) await new Promise((resolve) => server.close(resolve));
    await pdns?.daemon.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function printHttpdns(result: HttpdnsResult): Outcome {
  const rows = result.rounds.flatMap((round, r) =>
    (
      [
        ['bare node:http, fixed text', round.bare],
        ['HTTPDNS /d (PowerDNS over UDP + ECS)', round.httpdns],
      ] as const
    ).map(([name, l]) => [
      r + 1,
      name,
      Math.round(l.rps),
      l.p99,
      l.failed,
      l.errors,
      l === round.httpdns ? `${round.ratio.toFixed(2)}×` : '',
    ]),
  );
  console.log(table(['round', 'server', 'req/s', 'p99 ms', 'wrong answers', 'errors', 'ratio'], rows));
  const rps = result.rounds.map((r) => r.httpdns.rps);
  const ratios = result.rounds.map((r) => r.ratio);
  console.log(
    `HTTPDNS answers/s: min ${Math.min(...rps).toFixed(0)} · median ${percentile(rps, 50).toFixed(0)} · ` +
      `max ${Math.max(...rps).toFixed(0)}; ratio HTTPDNS / bare: min ${Math.min(...ratios).toFixed(2)}× · ` +
      `median ${percentile(ratios, 50).toFixed(2)}× · max ${Math.max(...ratios).toFixed(2)}× (no target: info)`,
  );
  const pass = result.rounds.every((r) => r.httpdns.failed === 0 && r.httpdns.errors === 0);
  if (!pass) console.log('FAIL: some HTTPDNS answers were wrong or failed');
  return { name: 'HTTPDNS answers', pass };
}
