import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually } from './edge-fleet';

const REPO = path.resolve(import.meta.dirname, '../../../..');

/**
 * The README's sample nginx in front of a pool of consoles, as an operator would copy it: only
 * the upstream's servers and the listen line are the test's. A README sample that stops working
 * fails this test.
 */
export function readmeBalancerConf(servers: string[], listen: string): string {
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Several consoles on one PostgreSQL'));
  const sample = /```nginx\n([\s\S]*?)```/.exec(section)?.[1];
  if (!sample) throw new Error('README: no nginx sample under "Several consoles on one PostgreSQL"');
  return sample
    .replace(/^(\s*)server \d[^;]*;\n(\s*server \d[^;]*;\n)*/m, (_, indent: string) =>
      servers.map((server) => `${indent}server ${server};\n`).join(''),
    )
    .replace(/listen 80;/, `listen ${listen};`);
}

/** Runs nginx with `httpConf` inside its http block, in a directory of its own; logs `uri upstream`. */
export async function startBalancer(httpConf: string, probeUrl: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-lb-'));
  fs.chmodSync(dir, 0o755);
  const conf = [
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log;`,
    'events { worker_connections 1024; }',
    'http {',
    // Which console answered each request: tests read it with accessLog().
    "  log_format pool '$request_uri $upstream_addr';",
    `  access_log ${dir}/access.log pool;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
    httpConf,
    '}',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child = spawn(
    '/usr/sbin/nginx',
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
      return (await fetch(probeUrl)).status > 0;
    },
    10_000,
    'the balancer',
  );
  return {
    accessLog: () => fs.readFileSync(path.join(dir, 'access.log'), 'utf8'),
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
