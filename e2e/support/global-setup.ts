import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeWechat } from '../../apps/server/src/integrations/wechat/testing/fake-wechat';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    pgPort: number;
    /** Where the embedded PowerDNS Authoritative answers DNS (host:port). */
    dnsAddress: string;
  }
}

export const ADMIN = { username: 'admin', password: 'e2e-admin-pass' };
export const CUSTOMER = { username: 'demo', password: 'e2e-demo-pass' };
/** The website application the local fake WeChat knows (its QR page confirms with a button). */
export const WECHAT_APP = { appId: 'wx-e2e-app', appSecret: 'wx-e2e-secret' };

const root = path.resolve(import.meta.dirname, '../..');

function waitForBanner(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Nimbus did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Nimbus is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`Nimbus exited with ${code}:\n${output}`)));
  });
}

/** Starts the real Nimbus (built web app, embedded PostgreSQL) exactly as `npm start` runs it. */
export default async function setup(project: TestProject) {
  const dist = path.join(root, 'apps/web/dist/index.html');
  if (!fs.existsSync(dist)) throw new Error('Build the web app first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-e2e-'));
  const wechat = await startFakeWechat(WECHAT_APP);
  const port = 21000 + Math.floor(Math.random() * 9000);
  const pgPort = port + 10000;
  // PowerDNS Authoritative and Recursor on ports of this run's own (DNS on a loopback address of
  // its own too), never the defaults a developer's running Nimbus holds.
  const dnsAddress = `127.0.53.${1 + Math.floor(Math.random() * 250)}:${port + 1}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Gateways, install commands and WeChat return links are built from it (issue 17 §1).
      NIMBUS_PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      NIMBUS_ADMIN_PASSWORD: ADMIN.password,
      NIMBUS_DEMO_PASSWORD: CUSTOMER.password,
      LOG_LEVEL: 'warn',
      WECHAT_OPEN_ENDPOINT: wechat.base,
      WECHAT_API_ENDPOINT: wechat.base,
      PDNS_DNS_ADDRESS: dnsAddress,
      // Domain ownership checks ask the embedded PowerDNS, where the tests' customers host their
      // zones, as a real install asks the public DNS.
      NIMBUS_DNS_RESOLVERS: dnsAddress,
      PDNS_API_ADDRESS: `127.0.0.1:${port + 2}`,
      PDNS_RECURSOR_DNS_ADDRESS: `127.0.0.1:${port + 3}`,
      PDNS_RECURSOR_API_ADDRESS: `127.0.0.1:${port + 4}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitForBanner(child);
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('dataDir', dataDir);
  project.provide('pgPort', pgPort);
  project.provide('dnsAddress', dnsAddress);
  return async () => {
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
    await wechat.close();
  };
}
