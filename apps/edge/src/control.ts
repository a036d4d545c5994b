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

const BLOCKLIST_PATH = '/nimbus/blocklist';

/** "<range> <count>" a line, as the Lua module's take_hits writes them. */
export function parseBlockHits(text: string): Map<string, number> {
  const hits = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^(\S+) (\d+)$/.exec(line);
    if (match) hits.set(match[1]!, (hits.get(match[1]!) ?? 0) + Number(match[2]));
  }
  return hits;
}

/** The main config's control server on 127.0.0.1: version, status, purge and the blocklist. */
export interface Control {
  /** The version the current workers serve, or undefined while nothing answers. */
  version(): Promise<number | undefined>;
  activeConnections(): Promise<number>;
  /** Removes one cache key (a byte string, as nginx stores it); true if it was cached. */
  purge(key: string): Promise<boolean>;
  /**
   * The blocklist revision nginx's shared memory holds (0 after an nginx start), or undefined when
   * nginx has no Lua module (404) or does not answer.
   */
  blocklistRevision(): Promise<number | undefined>;
  /** Writes blocklist changes (blocklist-sync.ts's format) into nginx's shared memory. */
  pushBlocklist(text: string): Promise<void>;
  /** Takes the finished block counts out of shared memory: range → requests refused. */
  takeBlockHits(): Promise<Map<string, number>>;
}

export function control(port: number, layout: Pick<Layout, 'controlSecretConf'>): Control {
  const secret = controlSecret(layout);
  const call = (path: string, headers?: Record<string, string>, body?: string) =>
    httpGet({
      address: '127.0.0.1',
      port,
      path,
      headers: { ...headers, [EDGE_CONTROL_HEADER.toLowerCase()]: secret },
      timeoutMs: body === undefined ? 5_000 : 60_000,
      body,
    });
  return {
    async version() {
      try {
        const answer = await call('/nimbus/version');
        return answer.status === 200 && /^\d+$/.test(answer.body) ? Number(answer.body) : undefined;
      } catch {
        return undefined;
      }
    },
    async activeConnections() {
      try {
        return parseActiveConnections((await call('/nimbus/status')).body);
      } catch {
        return 0;
      }
    },
    async purge(key) {
      const answer = await call('/purge/x', { [EDGE_PURGE_KEY_HEADER.toLowerCase()]: key });
      // 404: not cached (any more). Both leave the key gone, which is what was asked.
      if (answer.status === 200) return true;
      if (answer.status === 404) return false;
      throw new Error(`purge answered HTTP ${answer.status}`);
    },
    async blocklistRevision() {
      try {
        const answer = await call(BLOCKLIST_PATH);
        return answer.status === 200 && /^\d+$/.test(answer.body) ? Number(answer.body) : undefined;
      } catch {
        return undefined;
      }
    },
    async pushBlocklist(text) {
      const answer = await call(BLOCKLIST_PATH, {}, text);
      if (answer.status !== 200)
        throw new Error(`the blocklist was refused: HTTP ${answer.status} ${answer.body.slice(0, 200)}`);
    },
    async takeBlockHits() {
      const answer = await call(`${BLOCKLIST_PATH}/hits`);
      if (answer.status !== 200) throw new Error(`block counts answered HTTP ${answer.status}`);
      return parseBlockHits(answer.body);
    },
  };
}
