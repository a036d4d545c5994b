import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

/** Direct access to the running Nimbus's database: tests read captcha answers from it. */
export async function withDb<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const password = fs.readFileSync(path.join(inject('dataDir'), 'pg-password'), 'utf8').trim();
  const client = new pg.Client({
    host: '127.0.0.1',
    port: inject('pgPort'),
    user: 'nimbus',
    password,
    database: 'nimbus',
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function captchaAnswer(uuid: string): Promise<string> {
  return withDb(async (client) => {
    const result = await client.query<{ answer: string }>('select answer from captchas where uuid = $1', [
      uuid,
    ]);
    const answer = result.rows[0]?.answer;
    if (!answer) throw new Error(`no captcha stored for ${uuid}`);
    return answer;
  });
}
