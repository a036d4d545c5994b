import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  ACCESS_LOG_FORMAT,
  ACCESS_LOG_FORMAT_NAME,
  BUNDLE_DIR_MARKER,
  EDGE_MANIFEST_FILE,
  edgeManifestSchema,
} from '@nimbus/contract';
import { compileBundle } from './compile';
import type { CompileInput } from './types';

/*
 * A compiled bundle staged the way the agent stages it, for the real nginx: main config, upstream
 * files, keys. Used by compile.int.test.ts (nginx -t) and the compile-*.int tests (requests; with
 * the edge's Lua through lua-stage.test-support.ts).
 */

const NGINX = '/usr/sbin/nginx';

/** The agent's main config (apps/edge main-conf.ts), all paths inside `dir`. */
export const mainConf = (dir: string, controlPort = 19999) =>
  [
    'load_module /usr/lib/nginx/modules/ngx_stream_module.so;',
    'load_module /usr/lib/nginx/modules/ngx_http_cache_purge_module.so;',
    'load_module /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so;',
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log;`,
    'events { worker_connections 1024; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    // As the agent's main config (apps/edge main-conf.ts): site requests only, as JSON lines.
    `  log_format ${ACCESS_LOG_FORMAT_NAME} escape=json '${ACCESS_LOG_FORMAT}';`,
    '  map "" $nimbus_site { default ""; }',
    `  access_log ${dir}/requests.log ${ACCESS_LOG_FORMAT_NAME} if=$nimbus_site;`,
    `  client_body_temp_path ${dir}/tmp/body;`,
    `  proxy_temp_path ${dir}/tmp/proxy;`,
    `  fastcgi_temp_path ${dir}/tmp/fastcgi;`,
    `  uwsgi_temp_path ${dir}/tmp/uwsgi;`,
    `  scgi_temp_path ${dir}/tmp/scgi;`,
    `  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=nimbus_cache:64m inactive=7d use_temp_path=off;`,
    '  server {',
    `    listen 127.0.0.1:${controlPort};`,
    '    location = /nimbus/status { stub_status; }',
    '    location = /nimbus/version { return 200 "1"; }',
    '    location ~ /purge(/.*) { allow 127.0.0.1; deny all; proxy_cache_purge nimbus_cache $http_x_nimbus_purge_key; }',
    '  }',
    `  include ${dir}/http.conf;`,
    '}',
    `stream { include ${dir}/stream.conf; }`,
    '',
  ].join('\n');

/**
 * The upstream files as the agent writes them (apps/edge upstreams.ts) when every address is
 * usable: IP literals as servers; a host name resolves to nothing here, and an upstream with no
 * main server gets the agent's placeholder, which never connects.
 */
function writeUpstreams(dir: string, manifestText: string) {
  const { upstreams } = edgeManifestSchema.parse(JSON.parse(manifestText));
  for (const u of upstreams) {
    const usable = u.servers.filter((s) => net.isIP(s.address) !== 0);
    const health =
      (u.maxFails === undefined ? '' : ` max_fails=${u.maxFails}`) +
      (u.failTimeout === undefined ? '' : ` fail_timeout=${u.failTimeout}s`);
    const lines = usable.map(
      (s) =>
        `server ${net.isIPv6(s.address) ? `[${s.address}]` : s.address}:${s.port} weight=${s.weight}${health}${s.backup ? ' backup' : ''};`,
    );
    if (!usable.some((s) => !s.backup)) lines.push('server 192.0.2.1:9 down;');
    fs.mkdirSync(path.dirname(path.join(dir, u.file)), { recursive: true });
    fs.writeFileSync(path.join(dir, u.file), `${lines.join('\n')}\n`);
  }
}

/** Writes the bundle into a new directory as the agent does (marker replaced, keys 0600). */
export function stageBundle(input: CompileInput, keyPem: string, controlPort?: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-compile-'));
  fs.chmodSync(dir, 0o755);
  const out = compileBundle(input);
  for (const file of out.files) {
    fs.mkdirSync(path.dirname(path.join(dir, file.path)), { recursive: true });
    fs.writeFileSync(path.join(dir, file.path), file.content.replaceAll(BUNDLE_DIR_MARKER, dir));
  }
  for (const key of out.keyFiles) fs.writeFileSync(path.join(dir, key.path), keyPem, { mode: 0o600 });
  writeUpstreams(dir, out.files.find((f) => f.path === EDGE_MANIFEST_FILE)!.content);
  fs.mkdirSync(path.join(dir, 'tmp')); // the agent's layout has it before nginx starts
  fs.writeFileSync(path.join(dir, 'nginx.conf'), mainConf(dir, controlPort));
  return dir;
}

const run = (dir: string, ...args: string[]) => {
  const result = spawnSync(NGINX, [...args, '-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    encoding: 'utf8',
  });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
};

/** nginx -t on a staged bundle. */
export const testStaged = (dir: string) => run(dir, '-t');

/** Starts nginx on a staged bundle; stop() ends that master (by its pid file) and removes the files. */
export function startStaged(dir: string): { stop: () => void } {
  const started = run(dir);
  if (!started.ok) throw new Error(`nginx did not start: ${started.output}`);
  return {
    stop() {
      run(dir, '-s', 'stop');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
