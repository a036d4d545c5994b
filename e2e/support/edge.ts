import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/edge/test/ports';

export { freePort };

const ROOT = path.resolve(import.meta.dirname, '../..');

/** An origin that says which request this is, cacheable for an hour. */
export async function startOrigin(): Promise<{ port: number; close(): Promise<void> }> {
  let n = 0;
  // Paths under /missing answer 404 (error pages); a header the edge adds is echoed back.
  const server = http.createServer((request, response) => {
    const status = request.url?.startsWith('/missing') ? 404 : 200;
    response.writeHead(status, { 'content-type': 'text/plain', 'cache-control': 'public, max-age=3600' });
    const fromEdge = request.headers['x-from-edge'];
    response.end(`origin ${request.url} #${++n}${fromEdge ? ` x-from-edge=${String(fromEdge)}` : ''}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A real nimbus-edge with its own nginx, as the README's one-machine trial runs it. */
export async function startAgent(baseUrl: string, token: string, address: string) {
  const controlPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-e2e-edge-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/edge/src/cli.ts',
      '--server',
      baseUrl,
      '--data-dir',
      dataDir,
      '--manage-nginx',
      '--control-port',
      String(controlPort),
      '--listen-address',
      address,
    ],
    { cwd: ROOT, env: { ...process.env, NIMBUS_EDGE_TOKEN: token }, stdio: 'ignore' },
  );
  return {
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** GET through an edge with the site's Host header. */
export function viaEdge(
  address: string,
  port: number,
  host: string,
  pathName: string,
  headers: Record<string, string> = {},
) {
  return new Promise<{
    status: number;
    body: string;
    cache?: string;
    headers: http.IncomingHttpHeaders;
  }>((resolve, reject) => {
    const request = http.get(
      { host: address, port, path: pathName, headers: { ...headers, host }, agent: false },
      (response) => {
        let body = '';
        response.on('data', (d: Buffer) => (body += d.toString()));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body,
            cache: response.headers['x-cache-status'] as string,
            headers: response.headers,
          }),
        );
      },
    );
    request.on('error', reject);
  });
}
