import fs from 'node:fs';
import path from 'node:path';
import { writeLuaModules } from '../../../../../edge/src/lua/lua-files';
import { LUA_HTTP_LINES, LUA_MODULE } from '../../../../../edge/src/main-conf';

/*
 * A staged bundle (nginx-stage.test-support.ts) with the edge's Lua loaded as the agent loads it
 * (apps/edge main-conf.ts: the same shared dicts, init and phase hooks, the same modules), and the
 * WAF's control locations on the control port, for tests of what nimbus.* does per request.
 */
export async function withEdgeLua(dir: string): Promise<void> {
  const luaDir = path.join(dir, 'lua');
  await writeLuaModules({ luaDir });
  const file = path.join(dir, 'nginx.conf');
  const conf = fs
    .readFileSync(file, 'utf8')
    .replace(
      /^(load_module .*ngx_stream_module\.so;)$/m,
      `$1\nload_module ${path.join(path.dirname(LUA_MODULE), 'ndk_http_module.so')};\nload_module ${LUA_MODULE};`,
    )
    .replace(/^( {2}proxy_cache_path .*)$/m, `$1\n${LUA_HTTP_LINES(luaDir).join('\n')}`)
    .replace(
      /^( {4}location = \/nimbus\/status .*)$/m,
      [
        '$1',
        '    server_rewrite_by_lua_block { return }',
        '    location = /nimbus/waf { content_by_lua_block { require("nimbus.waf").control() } }',
        '    location = /nimbus/waf/events { content_by_lua_block { require("nimbus.waf").take_events() } }',
      ].join('\n'),
    );
  if (!conf.includes('init_by_lua_block') || !conf.includes('/nimbus/waf'))
    throw new Error('the staged main config changed: update withEdgeLua');
  fs.writeFileSync(file, conf);
}
