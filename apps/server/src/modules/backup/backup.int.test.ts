import crypto from 'node:crypto';
import { readdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { BACKUP_MAX_BYTES, type BackupSummary } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_SECRET_KEY, type TestServer } from '../../../test/harness';
import { secretBoxFromKey } from '../../platform/crypto/secret-box';
import { decodeBackup, encodeBackup } from './backup-file';
import { schemaVersion } from './backup.service';

let server: TestServer;
let admin: string;
const box = secretBoxFromKey(Buffer.from(TEST_SECRET_KEY, 'base64'));
const SMTP_SECRET = 'smtp-password-7781';

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  const customer = await server.login('customer');
  await server.call('POST', 'app/site/group/save', {
    token: customer,
    body: { name: 'Shop', remark: '测试 "quoted"\ttab' },
  });
  await server.database.pool.query(
    `insert into sys_config (param_key, param_value, remark) values ('BACKUP_TEST', $1, 'line\nbreak \\ backslash')`,
    [JSON.stringify({ password: SMTP_SECRET })],
  );
});
afterAll(() => server.close());

/** Every row of every table, in id order; audit rows of backups themselves left out. */
async function snapshot(): Promise<Record<string, unknown[]>> {
  const { rows: tables } = await server.database.pool.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    const { rows } = await server.database.pool.query(`select * from "${name}" order by 1`);
    result[name] = rows
      .filter((row: { action?: string }) => !(name === 'audit_log' && row.action?.startsWith('backup.')))
      // An import queues a publish of every node group (a new revision) on purpose.
      .map((row: Record<string, unknown>) => (name === 'edge_groups' ? { ...row, revision: 0 } : row));
  }
  return result;
}

async function exportFile(token = admin) {
  const response = await fetch(`${server.baseUrl}/api/sys/config/export/db`, { headers: { token } });
  return { response, file: Buffer.from(await response.arrayBuffer()) };
}

async function importFile(file: Buffer, lang = 'en') {
  const response = await fetch(`${server.baseUrl}/api/sys/config/import/db`, {
    method: 'POST',
    headers: { token: admin, lang, 'content-type': 'application/octet-stream' },
    body: file,
  });
  return (await response.json()) as { code: number; msg: string; data?: BackupSummary };
}

describe('backup and restore (sys/config/export/db, import/db)', () => {
  it('gives back every row after export → wipe → import, with secrets sealed inside the file', async () => {
    const before = await snapshot();
    const { response, file } = await exportFile();
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toMatch(
      /attachment; filename="nimbus-.*\.nimbus-backup"/,
    );
    expect(file.includes(SMTP_SECRET)).toBe(false);
    expect(box.openBytes(file).includes(SMTP_SECRET)).toBe(false); // gzip inside the seal

    await server.database.pool.query(
      `delete from site_groups; delete from sys_config where param_key = 'BACKUP_TEST'`,
    );
    await server.database.pool.query(`update customers set note = 'changed after the backup'`);
    const answer = await importFile(file);
    expect(answer.code).toBe(1);
    expect(answer.data).toMatchObject({ schema: schemaVersion(), rows: expect.any(Number) });
    expect(await snapshot()).toEqual(before);

    // Sequences continue after the restored ids.
    const customer = await server.login('customer');
    const again = await server.call<{ id: number }>('POST', 'app/site/group/save', {
      token: customer,
      body: { name: 'After restore' },
    });
    expect(again.body.code).toBe(1);
  });

  it('refuses a foreign, damaged or other-version file, and changes nothing', async () => {
    const { file } = await exportFile();
    const { header, data } = decodeBackup(box.openBytes(file));
    const before = await snapshot();

    const foreign = secretBoxFromKey(crypto.randomBytes(32)).sealBytes(box.openBytes(file));
    expect((await importFile(foreign)).msg).toMatch(/^This is not a Nimbus backup/);
    expect((await importFile(Buffer.from('not a backup'))).msg).toMatch(/^This is not a Nimbus backup/);

    const older = box.sealBytes(encodeBackup({ ...header, schema: '0003_old' }, data));
    expect((await importFile(older)).msg).toBe(
      `The backup is from database version 0003_old, this Nimbus is at ${schemaVersion()}: restore it with the Nimbus version that made it`,
    );
    expect((await importFile(older, 'cn')).msg).toContain('备份来自数据库版本 0003_old');

    // A bad row in the last table: everything before it was already copied, then rolled back.
    const broken = data.map((rows, i) => (i === data.length - 1 ? Buffer.from('not\ta\trow\n') : rows));
    const half = box.sealBytes(
      encodeBackup({ ...header, tables: header.tables.map((t) => ({ ...t })) }, broken),
    );
    const failed = await importFile(half);
    expect(failed.msg).toMatch(/^The backup file is damaged \(.+\); nothing was changed$/);
    expect(await snapshot()).toEqual(before);
  });

  it('is for admins only', async () => {
    const customer = await server.login('customer');
    const code = async (token: string) =>
      (JSON.parse((await exportFile(token)).file.toString('utf8')) as { code: number }).code;
    expect(await code(customer)).toBe(403);
    expect(await code('')).toBe(401);
  });

  it('writes an upload to disk as it arrives, keeps no file after, and refuses a size above the limit unread', async () => {
    const uploads = path.join(server.config.dataDir, 'tmp', 'backup-uploads');
    expect((await importFile(Buffer.from('not a backup'))).code).toBe(400);
    expect(await readdir(uploads)).toEqual([]);

    // Only the head of a restore one byte over the limit is sent: the answer comes without the body.
    const url = new URL(server.baseUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname);
      let text = '';
      socket.on('error', reject);
      socket.on('data', (chunk) => {
        text += chunk.toString('utf8');
        if (/\r\n\r\n\{.*\}$/s.test(text)) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.write(
        `POST /api/sys/config/import/db HTTP/1.1\r\nHost: ${url.host}\r\ntoken: ${admin}\r\nlang: en\r\n` +
          `Content-Type: application/octet-stream\r\nContent-Length: ${BACKUP_MAX_BYTES + 1}\r\n\r\n`,
      );
    });
    expect(answer.split(' ')[1]).toBe('413');
    expect(await readdir(uploads)).toEqual([]);
  });
});
