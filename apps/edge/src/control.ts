import { httpGet } from './http-get';
import { parseActiveConnections } from './nginx-output';

/** The main config's control server on 127.0.0.1: version, status and purge. */
export interface Control {
  /** The version the current workers serve, or undefined while nothing answers. */
  version(): Promise<number | undefined>;
  activeConnections(): Promise<number>;
  /** Removes one cache key (a byte string, as nginx stores it); true if it was cached. */
  purge(key: string): Promise<boolean>;
}

export function control(port: number): Control {
  const get = (path: string, headers?: Record<string, string>) =>
    httpGet({ address: '127.0.0.1', port, path, headers, timeoutMs: 5_000 });
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
      const answer = await get('/purge/x', { 'x-nimbus-purge-key': key });
      // 404: not cached (any more). Both leave the key gone, which is what was asked.
      if (answer.status === 200) return true;
      if (answer.status === 404) return false;
      throw new Error(`purge answered HTTP ${answer.status}`);
    },
  };
}
