import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { EDGE_CONTROL_HEADER, EDGE_PURGE_KEY_HEADER } from '@nimbus/contract';
import type { Layout } from './config';
import { httpGet } from './http-get';
import { parseActiveConnections } from './nginx-output';

const SECRET_LINE = /^if \(\$http_x_nimbus_control != "([0-9a-f]{64})"\) \{ return 404; \}$/m;

/**
 * The control server's secret, kept in the nginx snippet the main config includes (mode 0600):
 * made once, then read back, so an nginx still running from before an agent restart keeps
 * answering. Synchronous: it must exist before the first main config is tested.
 */
export function controlSecret(layout: Pick<Layout, 'controlSecretConf'>): string {
  const file = layout.controlSecretConf;
  const existing = fs.existsSync(file) ? SECRET_LINE.exec(fs.readFileSync(file, 'utf8')) : null;
  if (existing) return existing[1]!;
  const secret = crypto.randomBytes(32).toString('hex');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const text = `# Written by nimbus-edge: the control server answers only requests carrying this.\nif ($http_x_nimbus_control != "${secret}") { return 404; }\n`;
  fs.writeFileSync(`${file}.tmp`, text, { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
  return secret;
}

/** The main config's control server on 127.0.0.1: version, status and purge. */
export interface Control {
  /** The version the current workers serve, or undefined while nothing answers. */
  version(): Promise<number | undefined>;
  activeConnections(): Promise<number>;
  /** Removes one cache key (a byte string, as nginx stores it); true if it was cached. */
  purge(key: string): Promise<boolean>;
}

export function control(port: number, layout: Pick<Layout, 'controlSecretConf'>): Control {
  const secret = controlSecret(layout);
  const get = (path: string, headers?: Record<string, string>) =>
    httpGet({
      address: '127.0.0.1',
      port,
      path,
      headers: { ...headers, [EDGE_CONTROL_HEADER.toLowerCase()]: secret },
      timeoutMs: 5_000,
    });
  return {
    async version() {
      try {
        const answer = await get('/nimbus/version');
        return answer.status === 200 && /^\d+$/.test(answer.body) ? Number(answer.body) : undefined;
      } catch {
        return undefined;
      }
    },
    async activeConnections() {
      try {
        return parseActiveConnections((await get('/nimbus/status')).body);
      } catch {
        return 0;
      }
    },
    async purge(key) {
      const answer = await get('/purge/x', { [EDGE_PURGE_KEY_HEADER.toLowerCase()]: key });
      // 404: not cached (any more). Both leave the key gone, which is what was asked.
      if (answer.status === 200) return true;
      if (answer.status === 404) return false;
      throw new Error(`purge answered HTTP ${answer.status}`);
    },
  };
}
