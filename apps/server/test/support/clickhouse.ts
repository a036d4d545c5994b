import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findProgram, startDaemon } from '../../src/platform/daemon';
import { freePort } from './edge-fleet';

export interface TestClickHouse {
  /** The server's HTTP address; add a database (`${url}/name`) for ANALYTICS_CLICKHOUSE_URL. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Debian's clickhouse-server (18.16) in a temporary folder, on a loopback address of its own
 * (127.81.x.y, so ports of parallel test files never meet), its HTTP and native ports free there;
 * ready once /ping answers. The user `default` without password, from loopback only. Its time
 * zone is New York's, neither UTC nor the display +8 h: days and buckets must not depend on it.
 */
export async function startClickHouse(): Promise<TestClickHouse> {
  const program = findProgram('clickhouse-server');
  if (!program) throw new Error('clickhouse-server is not installed (apt-get install clickhouse-server)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-clickhouse-'));
  const host = `127.81.${crypto.randomInt(1, 255)}.${crypto.randomInt(1, 255)}`;
  const [httpPort, tcpPort] = await Promise.all([freePort(host), freePort(host)]);
  const config = path.join(dir, 'config.xml');
  fs.writeFileSync(
    config,
    `<?xml version="1.0"?>
<yandex>
  <logger><level>warning</level><console>1</console></logger>
  <listen_host>${host}</listen_host>
  <http_port>${httpPort}</http_port>
  <tcp_port>${tcpPort}</tcp_port>
  <path>${dir}/data/</path>
  <tmp_path>${dir}/tmp/</tmp_path>
  <user_files_path>${dir}/user_files/</user_files_path>
  <format_schema_path>${dir}/format_schemas/</format_schema_path>
  <timezone>America/New_York</timezone>
  <mark_cache_size>67108864</mark_cache_size>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <users>
    <default>
      <password></password>
      <networks><ip>127.0.0.0/8</ip></networks>
      <profile>default</profile>
      <quota>default</quota>
    </default>
  </users>
  <profiles><default></default></profiles>
  <quotas><default></default></quotas>
</yandex>
`,
  );
  const url = `http://${host}:${httpPort}`;
  const daemon = await startDaemon({
    command: program,
    args: [`--config-file=${config}`],
    ready: async () => (await fetch(`${url}/ping`)).ok,
    timeoutMs: 30_000,
  });
  return {
    url,
    async stop() {
      await daemon.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
