import path from 'node:path';
import {
  ACCESS_LOG_FORMAT,
  ACCESS_LOG_FORMAT_NAME,
  EDGE_CACHE_ZONE,
  STREAM_LOG_FORMAT,
  STREAM_LOG_FORMAT_NAME,
} from '@nimbus/contract';
import type { Layout, NginxMode } from './config';

/** Debian's module directory; absolute because a managed nginx's prefix is our data dir. */
export const NGINX_MODULES_DIR = '/usr/lib/nginx/modules';
export const MAIN_CONF_HEADER =
  '# Written by nimbus-edge, which owns this file: edits are lost on the next version.';

export interface MainConfInput {
  mode: NginxMode;
  layout: Pick<
    Layout,
    | 'dataDir'
    | 'versionsDir'
    | 'logsDir'
    | 'requestLog'
    | 'streamLog'
    | 'tmpDir'
    | 'cacheDir'
    | 'pidFile'
    | 'controlSecretConf'
    | 'luaDir'
  >;
  controlPort: number;
  /** 0 = no version yet: nothing included, but the control server still answers. */
  version: number;
  /** Whether the agent (and so a managed nginx master) runs as root. */
  asRoot: boolean;
  /**
   * Whether the node has Debian's libnginx-mod-http-brotli-filter (BROTLI_MODULE). Loaded only
   * then: a node without it still applies every version, and only the sites that switch brotli
   * on fail there (the agent leaves them out and reports nginx's "unknown directive").
   */
  brotli?: boolean;
  /**
   * Whether the node has Debian's libnginx-mod-http-lua (LUA_MODULE), which the blocklist needs
   * (ADR 0039). Without it the node still serves, and the agent reports it degraded.
   */
  lua?: boolean;
  /** False (--no-request-log): no request or session log lines at all. */
  requestLog?: boolean;
}

export const BROTLI_MODULE = path.join(NGINX_MODULES_DIR, 'ngx_http_brotli_filter_module.so');
export const LUA_MODULE = path.join(NGINX_MODULES_DIR, 'ngx_http_lua_module.so');
/** The lua module needs the development kit loaded before it. */
const NDK_MODULE = path.join(NGINX_MODULES_DIR, 'ndk_http_module.so');

/** Shared dicts: ~300 B an entry, so 100,000 blocklist entries fit with room to spare. */
export const LUA_HTTP_LINES = (luaDir: string) => [
  `  lua_package_path "${luaDir}/?.lua;;";`,
  '  lua_shared_dict nimbus_blocklist 64m;',
  '  lua_shared_dict nimbus_block_hits 16m;',
  '  lua_shared_dict nimbus_waf 32m;',
  '  lua_shared_dict nimbus_bans 16m;',
  '  lua_shared_dict nimbus_waf_events 8m;',
  // Rate-limit buckets and CC counts (nimbus.guard): ~150 B a client and rule, LRU when full.
  '  lua_shared_dict nimbus_guard 64m;',
  // The node's verification secret alone, so no count can evict it.
  '  lua_shared_dict nimbus_guard_key 1m;',
  // A customer's WAF pattern cannot spin a worker: PCRE gives up after this many steps.
  '  lua_regex_match_limit 100000;',
  // Loaded by the master (as root, before forking): workers never read the files, and an error
  // in them fails `nginx -t` rather than requests.
  '  init_by_lua_block { require("nimbus.blocklist") require("nimbus.waf") require("nimbus.geo") require("nimbus.auth") require("nimbus.guard") }',
  // Server-rewrite at http level: before any site's own `return`, for every server that does not
  // set its own (the control server below).
  '  server_rewrite_by_lua_block { require("nimbus.blocklist").check() }',
  // Signed URLs (content-secure), by the `$nimbus_auth` a site's server block sets (url-auth.ts).
  '  rewrite_by_lua_block { require("nimbus.auth").rewrite() }',
  // A site's region list and header size (`$nimbus_geo`), its WAF rules (`$nimbus_site`), then its
  // rate limits and CC protection (`$nimbus_guard`), unless the WAF ended the request or released it.
  '  access_by_lua_block { require("nimbus.geo").check() require("nimbus.waf").check() require("nimbus.guard").check() }',
];

const LUA_CONTROL_LINES = [
  '    server_rewrite_by_lua_block { return }',
  '    location = /nimbus/blocklist {',
  // A whole list of 100,000 entries is a few MB: kept in memory, never in a temp file.
  '      client_max_body_size 64m;',
  '      client_body_buffer_size 64m;',
  '      content_by_lua_block { require("nimbus.blocklist").control() }',
  '    }',
  '    location = /nimbus/blocklist/hits { content_by_lua_block { require("nimbus.blocklist").take_hits() } }',
  '    location = /nimbus/waf {',
  '      client_max_body_size 64m;',
  '      client_body_buffer_size 64m;',
  '      content_by_lua_block { require("nimbus.waf").control() }',
  '    }',
  '    location = /nimbus/waf/events { content_by_lua_block { require("nimbus.waf").take_events() } }',
  '    location = /nimbus/geo { content_by_lua_block { require("nimbus.geo").status() } }',
];

export const versionDirOf = (versionsDir: string, version: number) => path.join(versionsDir, `v${version}`);

/** The user line. Managed as root: a data dir under /tmp (mode 0700) is unreachable for nobody. */
function userLine(input: MainConfInput): string[] {
  if (input.mode === 'system') return ['user www-data;'];
  // A managed nginx started by root is the one-machine trial/test mode: its workers must read and
  // write the cache and temp dirs wherever the data dir is, so they stay root. Production nodes run
  // the system nginx with www-data workers. Not root: nginx ignores `user`, so leave it out.
  return input.asRoot ? ['user root;'] : [];
}

export function renderMainConf(input: MainConfInput): string {
  const { layout: l, version } = input;
  const dir = version > 0 ? versionDirOf(l.versionsDir, version) : undefined;
  const tmp = (name: string) => path.join(l.tmpDir, name);
  const logging = input.requestLog ?? true;
  const lines = [
    MAIN_CONF_HEADER,
    `load_module ${NGINX_MODULES_DIR}/ngx_stream_module.so;`,
    `load_module ${NGINX_MODULES_DIR}/ngx_http_cache_purge_module.so;`,
    ...(input.brotli ? [`load_module ${BROTLI_MODULE};`] : []),
    ...(input.lua ? [`load_module ${NDK_MODULE};`, `load_module ${LUA_MODULE};`] : []),
    ...userLine(input),
    `worker_processes ${input.mode === 'managed' ? 2 : 'auto'};`,
    `pid ${l.pidFile};`,
    `error_log ${path.join(l.logsDir, 'error.log')};`,
    '',
    'events {',
    '  worker_connections 4096;',
    '}',
    '',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    // One JSON line per site request, which the agent ships to the console (logs/shipper.ts).
    // Only requests a site's server took: each sets $nimbus_site (the console's compiler), and
    // the map gives every other server (catch-alls, version 0) an empty value, which logs nothing.
    // --no-request-log: nothing is written, but the map stays (the Lua checks read $nimbus_site
    // in every server).
    ...(logging ? [`  log_format ${ACCESS_LOG_FORMAT_NAME} escape=json '${ACCESS_LOG_FORMAT}';`] : []),
    '  map "" $nimbus_site { default ""; }',
    logging
      ? `  access_log ${l.requestLog} ${ACCESS_LOG_FORMAT_NAME} buffer=64k flush=1s if=$nimbus_site;`
      : '  access_log off;',
    // Every path the workers write lives under the data dir: a managed nginx never touches /var/lib/nginx.
    `  client_body_temp_path ${tmp('client_body')};`,
    `  proxy_temp_path ${tmp('proxy')};`,
    `  fastcgi_temp_path ${tmp('fastcgi')};`,
    `  uwsgi_temp_path ${tmp('uwsgi')};`,
    `  scgi_temp_path ${tmp('scgi')};`,
    `  proxy_cache_path ${l.cacheDir} levels=1:2 keys_zone=${EDGE_CACHE_ZONE}:64m inactive=7d use_temp_path=off;`,
    ...(input.lua ? LUA_HTTP_LINES(l.luaDir) : []),
    '',
    '  # The control server: local only, and kept out of the access log that billing reads.',
    '  server {',
    `    listen 127.0.0.1:${input.controlPort};`,
    '    access_log off;',
    // Only the agent knows the secret, and every site clears the header towards its origins:
    // a site or stream rule pointed at this port gets 404, never status, version or purge.
    `    include ${l.controlSecretConf};`,
    '    location = /nimbus/status { stub_status; }',
    `    location = /nimbus/version { return 200 "${version}"; }`,
    ...(input.lua ? LUA_CONTROL_LINES : []),
    // The separate-location form of ngx_cache_purge: its same-location form segfaults workers.
    '    location ~ /purge(/.*) {',
    '      allow 127.0.0.1;',
    '      deny all;',
    `      proxy_cache_purge ${EDGE_CACHE_ZONE} $http_x_nimbus_purge_key;`,
    '    }',
    '  }',
    ...(dir ? ['', `  include ${path.join(dir, 'http.conf')};`] : []),
    '}',
    '',
    'stream {',
    // One JSON line per layer-4 session of a rule, when it ends: each rule's server sets
    // $nimbus_stream to its id (the console's compiler, stream.ts); nothing else logs.
    ...(logging
      ? [
          `  log_format ${STREAM_LOG_FORMAT_NAME} escape=json '${STREAM_LOG_FORMAT}';`,
          '  map "" $nimbus_stream { default ""; }',
          `  access_log ${l.streamLog} ${STREAM_LOG_FORMAT_NAME} buffer=64k flush=1s if=$nimbus_stream;`,
        ]
      : ['  access_log off;']),
    ...(dir ? [`  include ${path.join(dir, 'stream.conf')};`] : []),
    '}',
    '',
  ];
  return lines.join('\n');
}

/**
 * The version a main config written by us serves: its http include names the version dir, no
 * include means version 0. Undefined when the file is not ours (Debian's original).
 */
export function versionOfMainConf(text: string, versionsDir: string): number | undefined {
  if (!text.startsWith(MAIN_CONF_HEADER)) return undefined;
  const include = /^\s*include (\S+)\/http\.conf;$/m.exec(text);
  if (!include) return 0;
  const dir = include[1]!;
  const match = /^v(\d+)$/.exec(path.basename(dir));
  if (path.dirname(dir) !== versionsDir || !match) return undefined;
  return Number(match[1]);
}
