import fs from 'node:fs/promises';
import path from 'node:path';
import type { Layout } from '../config';
import { writeFileAtomic } from '../fs-atomic';
import { AUTH_LUA } from './auth.lua';
import { BLOCKLIST_LUA } from './blocklist.lua';
import { CONTROL_LUA } from './control.lua';
import { GEO_LUA } from './geo.lua';
import { GUARD_LUA } from './guard.lua';
import { WAF_LUA } from './waf.lua';

/** The Lua modules main configs require (ADR 0039), by module name. */
const LUA_MODULES: Record<string, string> = {
  'nimbus.control': CONTROL_LUA,
  'nimbus.blocklist': BLOCKLIST_LUA,
  'nimbus.waf': WAF_LUA,
  'nimbus.geo': GEO_LUA,
  'nimbus.auth': AUTH_LUA,
  'nimbus.guard': GUARD_LUA,
};

/** Written at every start, so a node runs the Lua of the agent it runs. */
export async function writeLuaModules(layout: Pick<Layout, 'luaDir'>): Promise<void> {
  for (const [name, source] of Object.entries(LUA_MODULES)) {
    const file = path.join(layout.luaDir, ...name.split('.')) + '.lua';
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o755 });
    await writeFileAtomic(file, source);
  }
}
