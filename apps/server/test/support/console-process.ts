import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEST_SECRET_KEY } from '../harness';
import { eventually, freePort } from './edge-fleet';

const REPO = path.resolve(import.meta.dirname, '../../../..');
/** Nothing answers here: a console given these API URLs starts no PowerDNS of its own. */
const NO_PDNS = 'http://127.0.0.1:9';

/**
 * The environment of a console process that starts no PowerDNS beside itself: its own would
 * listen on the default ports, which every other console test file would also take.
 */
export const NO_POWERDNS_ENV: NodeJS.ProcessEnv = {
  PDNS_API_URL: NO_PDNS,
  PDNS_API_KEY: 'none',
  PDNS_RECURSOR_API_URL: NO_PDNS,
  PDNS_RECURSOR_API_KEY: 'none',
};

export interface ConsoleProcess {
  baseUrl: string;
  child: ChildProcess;
  output(): string;
  /** Ends the process with `signal` and waits for it to be gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * One more console process (the real entry point, as `npm start` runs it) on an existing
 * database: a member of a pool. It shares the secret key with the test's in-process console;
 * `env` adds to or overrides its environment (a PowerDNS to share, another log level).
 */
export async function startConsoleProcess(
  databaseUrl: string,
  env: NodeJS.ProcessEnv = {},
): Promise<ConsoleProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-pool-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      NIMBUS_SECRET_KEY: TEST_SECRET_KEY,
      WEB_DIST_DIR: '/nonexistent',
      ...NO_POWERDNS_ENV,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const member: ConsoleProcess = {
    baseUrl,
    child,
    output: () => output,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`console exited:\n${output}`);
      return (await fetch(`${baseUrl}/api/health/ready`)).ok;
    },
    60_000,
    'a pool member ready',
  ).catch(async (error: unknown) => {
    await member.kill('SIGKILL');
    throw error;
  });
  return member;
}
