import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { startTsChild } from './lib/child';
import { ROOT } from './lib/nimbus';
import { freePort } from './lib/ports';
import { percentile } from './lib/stats';

/** Issue 2 §8: Nimbus's userinfo reaches at least 0.6× the requests per second of a bare handler. */
export const RPS_TARGET_RATIO = 0.6;
const PATH = '/api/app/account/userinfo';

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Answers that were not a success envelope (HTTP ≠ 200 or code ≠ 1): must be 0 to count. */
  failed: number;
  errors: number;
}

export interface RpsComparison {
  /** Alternating rounds, each with its own ratio (paired runs share the machine's state). */
  rounds: { baseline: LoadResult; nimbus: LoadResult; ratio: number }[];
  /** The median of the rounds' ratios: the figure judged. */
  ratio: number;
}

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Alternating baseline/Nimbus rounds; the median of their ratios is judged. */
  rounds: number;
}

async function load(
  name: string,
  url: string,
  headers: Record<string, string>,
  options: LoadOptions,
): Promise<LoadResult> {
  let failed = 0;
  // Nimbus answers handled failures (an expired token, say) with HTTP 200 and code ≠ 1, so the
  // status alone would count them as successes: look at the envelope of every answer.
  const onResponse = (status: number, body: string) => {
    if (status !== 200 || !body.startsWith('{"code":1,')) failed++;
  };
  const run = (duration: number): Promise<Result> =>
    autocannon({
      url,
      connections: options.connections,
      duration,
      requests: [{ method: 'GET', path: PATH, headers, onResponse }],
    });
  if (options.warmupSeconds > 0) await run(options.warmupSeconds);
  failed = 0;
  const result = await run(options.durationSeconds);
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failed,
    errors: result.errors + result.timeouts,
  };
}

/**
 * Same load, same machine, same run: Nimbus's real `GET app/account/userinfo` (session lookup
 * in PostgreSQL, envelope, zod serialisation) against a bare Fastify process answering the
 * identical JSON. The ratio is what matters; absolute numbers depend on the machine.
 */
export async function compareUserinfo(
  nimbusBaseUrl: string,
  token: string,
  options: LoadOptions,
): Promise<RpsComparison> {
  const check = await fetch(`${nimbusBaseUrl}${PATH}`, { headers: { token } });
  const text = await check.text();
  const envelope = JSON.parse(text) as { code?: number };
  if (check.status !== 200 || envelope.code !== 1)
    throw new Error(`userinfo did not answer with success: ${text}`);

  const port = await freePort();
  const baseline = startTsChild('bench/baseline-server.ts', {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), BASELINE_BODY: text },
    logFile: path.join(os.tmpdir(), `nimbus-bench-baseline-${port}.log`),
  });
  try {
    await baseline.waitFor('baseline ready', 60_000);
    const same = await (await fetch(`http://127.0.0.1:${port}${PATH}`)).text();
    if (same !== text) throw new Error(`baseline answers differently:\n${same}\nvs\n${text}`);
    const rounds: RpsComparison['rounds'] = [];
    for (let round = 0; round < Math.max(1, options.rounds); round++) {
      const base = await load('bare Fastify handler', `http://127.0.0.1:${port}`, {}, options);
      const ours = await load('Nimbus userinfo', nimbusBaseUrl, { token }, options);
      rounds.push({ baseline: base, nimbus: ours, ratio: ours.rps / base.rps });
    }
    return {
      rounds,
      ratio: percentile(
        rounds.map((r) => r.ratio),
        50,
      ),
    };
  } finally {
    await baseline.stop();
    fs.rmSync(path.join(os.tmpdir(), `nimbus-bench-baseline-${port}.log`), { force: true });
  }
}
