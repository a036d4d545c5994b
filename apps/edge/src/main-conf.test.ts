import { ACCESS_LOG_FORMAT, STREAM_LOG_FORMAT } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { layoutOf } from './config';
import { MAIN_CONF_HEADER, renderMainConf, versionOfMainConf } from './main-conf';

const managed = layoutOf({ dataDir: '/srv/edge', mode: 'managed' });
const system = layoutOf({ dataDir: '/var/lib/nimbus-edge', mode: 'system' });

describe('renderMainConf', () => {
  it('loads the brotli filter only on a node that has the module', () => {
    const input = { mode: 'managed' as const, layout: managed, controlPort: 8089, version: 3, asRoot: true };
    expect(renderMainConf({ ...input, brotli: true })).toContain(
      'load_module /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so;',
    );
    expect(renderMainConf({ ...input, brotli: false })).not.toContain('brotli');
  });

  it('loads Lua only on a node that has it, and keeps the control server out of the blocklist', () => {
    const input = { mode: 'managed' as const, layout: managed, controlPort: 8089, version: 3, asRoot: true };
    const text = renderMainConf({ ...input, lua: true });
    expect(text).toMatch(
      /load_module \/usr\/lib\/nginx\/modules\/ndk_http_module\.so;\nload_module \/usr\/lib\/nginx\/modules\/ngx_http_lua_module\.so;/,
    );
    expect(text).toContain('lua_package_path "/srv/edge/lua/?.lua;;";');
    expect(text).toContain('\n  server_rewrite_by_lua_block { require("nimbus.blocklist").check() }\n');
    expect(text).toMatch(/listen 127\.0\.0\.1:8089;[\s\S]*server_rewrite_by_lua_block \{ return \}/);
    // Signed URLs: blocklist (server rewrite), then nimbus.auth (rewrite), then the WAF (access).
    expect(text).toMatch(
      /server_rewrite_by_lua_block[^\n]*\n {2}rewrite_by_lua_block \{ require\("nimbus\.auth"\)\.rewrite\(\) \}\n {2}access_by_lua_block/,
    );
    expect(renderMainConf({ ...input, lua: false })).not.toContain('lua');
  });

  it('checks region and header size before the WAF, and loads the country table in the master', () => {
    const text = renderMainConf({
      mode: 'managed',
      layout: managed,
      controlPort: 8089,
      version: 3,
      asRoot: true,
      lua: true,
    });
    expect(text).toContain(
      '\n  access_by_lua_block { require("nimbus.geo").check() require("nimbus.waf").check() require("nimbus.guard").check() }\n',
    );
    expect(text).toMatch(/init_by_lua_block \{[^}]*require\("nimbus\.geo"\)[^}]*\}/);
    expect(text).toContain(
      'location = /nimbus/geo { content_by_lua_block { require("nimbus.geo").status() } }',
    );
  });

  it('includes the version dir inside http and stream, with absolute module paths', () => {
    const text = renderMainConf({
      mode: 'managed',
      layout: managed,
      controlPort: 8089,
      version: 3,
      asRoot: true,
    });
    expect(text.startsWith(MAIN_CONF_HEADER)).toBe(true);
    expect(text).toContain('load_module /usr/lib/nginx/modules/ngx_stream_module.so;');
    expect(text).toContain('load_module /usr/lib/nginx/modules/ngx_http_cache_purge_module.so;');
    expect(text).not.toContain('brotli');
    expect(text).toContain('user root;');
    expect(text).toContain('worker_processes 2;');
    expect(text).toContain('pid /srv/edge/nginx.pid;');
    expect(text).toContain('error_log /srv/edge/logs/error.log;');
    expect(text).toMatch(/events \{\s+worker_connections 4096;\s+\}/);
    expect(text).toContain('proxy_temp_path /srv/edge/tmp/proxy;');
    expect(text).toContain('client_body_temp_path /srv/edge/tmp/client_body;');
    expect(text).toContain(
      'proxy_cache_path /srv/edge/cache levels=1:2 keys_zone=nimbus_cache:64m inactive=7d use_temp_path=off;',
    );
    expect(text).toContain('listen 127.0.0.1:8089;');
    expect(text).toMatch(
      /listen 127\.0\.0\.1:8089;\s+access_log off;\s+include \/srv\/edge\/control-secret\.conf;/,
    );
    expect(text).toContain('location = /nimbus/version { return 200 "3"; }');
    expect(text).toContain('location = /nimbus/status { stub_status; }');
    expect(text).toMatch(
      /location ~ \/purge\(\/\.\*\) \{\s+allow 127\.0\.0\.1;\s+deny all;\s+proxy_cache_purge nimbus_cache \$http_x_nimbus_purge_key;/,
    );
    expect(text).toMatch(/http \{[\s\S]*include \/srv\/edge\/versions\/v3\/http\.conf;\s*\}\s*stream \{/);
    expect(text).toMatch(/if=\$nimbus_stream;\n {2}include \/srv\/edge\/versions\/v3\/stream\.conf;\n\}/);
  });

  it('never uses the same-location purge form (it segfaults Debian’s workers)', () => {
    const text = renderMainConf({
      mode: 'managed',
      layout: managed,
      controlPort: 8089,
      version: 1,
      asRoot: true,
    });
    expect(text).not.toMatch(/proxy_cache_purge (on|PURGE)/);
    expect(text.match(/proxy_cache_purge/g)).toHaveLength(1);
  });

  it('with no version includes nothing but keeps the control server', () => {
    const text = renderMainConf({
      mode: 'managed',
      layout: managed,
      controlPort: 9000,
      version: 0,
      asRoot: false,
    });
    expect(text).not.toContain('include /srv/edge/versions');
    expect(text).toContain('return 200 "0";');
    expect(text).toMatch(/if=\$nimbus_stream;\n\}/);
    // Not root: nginx would ignore (and warn about) a user line.
    expect(text).not.toMatch(/^user /m);
  });

  it('drives the system nginx with www-data workers and Debian’s pid file', () => {
    const text = renderMainConf({
      mode: 'system',
      layout: system,
      controlPort: 8089,
      version: 2,
      asRoot: true,
    });
    expect(text).toContain('user www-data;');
    expect(text).toContain('worker_processes auto;');
    expect(text).toContain('pid /run/nginx.pid;');
    expect(text).toContain(
      'access_log /var/lib/nimbus-edge/logs/requests.log nimbus_access buffer=64k flush=1s if=$nimbus_site;',
    );
    expect(text).toContain('include /var/lib/nimbus-edge/versions/v2/http.conf;');
  });

  it('logs one JSON line per layer-4 session of a rule to streams.log, inside stream {}', () => {
    const text = renderMainConf({
      mode: 'system',
      layout: system,
      controlPort: 8089,
      version: 2,
      asRoot: true,
    });
    const stream = text.slice(text.indexOf('\nstream {'));
    expect(stream).toContain(`  log_format nimbus_stream escape=json '${STREAM_LOG_FORMAT}';`);
    expect(stream).toContain('  map "" $nimbus_stream { default ""; }');
    expect(stream).toContain(
      'access_log /var/lib/nimbus-edge/logs/streams.log nimbus_stream buffer=64k flush=1s if=$nimbus_stream;',
    );
    expect(STREAM_LOG_FORMAT).toMatch(/^\{"rule":"\$nimbus_stream","time":"\$msec",.*"status":"\$status"\}$/);
  });
});

describe('the request log', () => {
  it('writes one JSON line per site request, and nothing for other servers', () => {
    for (const version of [0, 3]) {
      const text = renderMainConf({
        mode: 'managed',
        layout: managed,
        controlPort: 8089,
        version,
        asRoot: true,
      });
      expect(text).toContain(`log_format nimbus_access escape=json '${ACCESS_LOG_FORMAT}';`);
      // Sites set $nimbus_site; without the map, a version-0 nginx refuses the unknown variable.
      expect(text).toMatch(
        /\n {2}map "" \$nimbus_site \{ default ""; \}\n {2}access_log \/srv\/edge\/logs\/requests\.log nimbus_access buffer=64k flush=1s if=\$nimbus_site;\n/,
      );
      // The site requests', the control server's `off`, and the layer-4 sessions'.
      expect(text.match(/access_log /g)).toHaveLength(3);
      expect(text).not.toContain('access.log');
    }
  });
});

describe('--no-request-log', () => {
  it('writes no request or session line, and keeps $nimbus_site for the Lua checks', () => {
    for (const version of [0, 3]) {
      const text = renderMainConf({
        mode: 'managed',
        layout: managed,
        controlPort: 8089,
        version,
        asRoot: true,
        lua: true,
        requestLog: false,
      });
      expect(text).not.toContain('requests.log');
      expect(text).not.toContain('streams.log');
      expect(text).not.toContain('log_format');
      expect(text).toContain('\n  map "" $nimbus_site { default ""; }\n  access_log off;\n');
      expect(text.slice(text.indexOf('\nstream {'))).toMatch(/^\nstream \{\n {2}access_log off;\n/);
    }
  });
});

describe('versionOfMainConf', () => {
  it('reads back the version a main config serves', () => {
    for (const version of [0, 1, 42]) {
      const text = renderMainConf({
        mode: 'managed',
        layout: managed,
        controlPort: 8089,
        version,
        asRoot: true,
      });
      expect(versionOfMainConf(text, managed.versionsDir)).toBe(version);
    }
  });

  it('does not claim a config it did not write', () => {
    expect(
      versionOfMainConf('user www-data;\nhttp { include /etc/nginx/sites-enabled/*; }\n', '/x'),
    ).toBeUndefined();
    const elsewhere = renderMainConf({
      mode: 'managed',
      layout: managed,
      controlPort: 1,
      version: 3,
      asRoot: true,
    });
    expect(versionOfMainConf(elsewhere, '/other/versions')).toBeUndefined();
  });
});
