import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/support/edge-fleet';
import { embeddedPostgres } from './embedded-postgres';

const PASSWORD = 'embedded-test';
const made: string[] = [];
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function tempDir(mode: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-embedded-'));
  fs.chmodSync(dir, mode);
  made.push(dir);
  return dir;
}

async function query(port: number, text: string) {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'nimbus',
    password: PASSWORD,
    database: 'postgres',
  });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Issue 10 §6: a root user whose checkout sits in a directory other users cannot enter (root's
 * home is 0700). PostgreSQL runs as `postgres`, which reaches neither the binaries nor DATA_DIR
 * there: both are placed where it can, and the database lives on across restarts.
 */
describe.runIf(process.getuid?.() === 0)('the embedded PostgreSQL as root in a 0700 checkout', () => {
  it('copies the binaries and places the cluster where postgres can reach them', async () => {
    const checkout = tempDir(0o700);
    const home = tempDir(0o755);
    const { postgres } = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as {
      postgres: string;
    };
    const nativeDir = path.join(checkout, 'native');
    fs.cpSync(path.dirname(path.dirname(postgres)), nativeDir, { recursive: true, verbatimSymlinks: true });
    const dataDir = path.join(checkout, 'data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    const options = {
      dataDir: path.join(dataDir, 'pg'),
      port: await freePort(),
      user: 'nimbus',
      password: PASSWORD,
      nativeDir,
      systemHome: home,
    };

    const first = await embeddedPostgres(options);
    await first.start();
    await query(options.port, 'create table kept (v int); insert into kept values (7)');
    await first.stop();
    expect(first.clusterDir.startsWith(home)).toBe(true);
    expect(fs.lstatSync(options.dataDir).isSymbolicLink()).toBe(true);
    expect(fs.readdirSync(home).filter((name) => name.startsWith('postgres-'))).toHaveLength(1);

    const again = await embeddedPostgres(options);
    await again.start();
    try {
      expect(again.clusterDir).toBe(first.clusterDir);
      expect(await query(options.port, 'select v from kept')).toEqual([{ v: 7 }]);
    } finally {
      await again.stop();
    }
  }, 120_000);
});
