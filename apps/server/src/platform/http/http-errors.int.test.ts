import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

/**
 * ARCHITECTURE "API conventions": real HTTP errors only for what never reaches a handler —
 * malformed JSON 400, too large 413, unknown route 404, crash 500 (logged, no stack sent).
 */
let server: TestServer;
let admin: string;
const logLines: string[] = [];
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-dist-'));
const LEAKED = 'leaked-secret-7319';

beforeAll(async () => {
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Nimbus</title>');
  fs.writeFileSync(path.join(distDir, 'app.js'), 'console.log(1)');
  server = await startTestServer({
    env: { WEB_DIST_DIR: distDir },
    logStream: { write: (line: string) => logLines.push(line) },
  });
  admin = await server.login('admin');
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

async function send(pathname: string, init: RequestInit & { lang?: string } = {}) {
  const response = await fetch(`${server.baseUrl}${pathname}`, {
    ...init,
    headers: { lang: init.lang ?? 'en', ...(init.headers as Record<string, string>) },
  });
  const text = await response.text();
  return { status: response.status, text, body: text.startsWith('{') ? JSON.parse(text) : undefined };
}

/** A request line exactly as written, which fetch would normalise. */
async function rawGet(target: string): Promise<{ status: number; body: string }> {
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(new URL(server.baseUrl).port), '127.0.0.1', () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nlang: en\r\nConnection: close\r\n\r\n`),
    );
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
  return { status: Number(answer.split(' ')[1]), body: answer.slice(answer.indexOf('\r\n\r\n') + 4) };
}

const json = { 'content-type': 'application/json' };

describe('errors that never reach a handler', () => {
  it('malformed JSON → HTTP 400 saying so', async () => {
    const answer = await send('/api/app/account/login', { method: 'POST', headers: json, body: '{"user' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 400, msg: 'The request body is not valid JSON' });
  });

  it('an empty JSON body and a body that is not JSON get their own honest messages', async () => {
    const empty = await send('/api/app/account/login', { method: 'POST', headers: json, body: '' });
    expect(empty).toMatchObject({ status: 400, body: { code: 400, msg: 'The request body is empty' } });
    const xml = await send('/api/app/account/login', {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<login/>',
      lang: 'cn',
    });
    expect(xml).toMatchObject({
      status: 415,
      body: { code: 415, msg: '不支持的请求内容类型，请以 JSON 提交' },
    });
  });

  it('a body over the 2 MB limit → HTTP 413', async () => {
    const body = JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024 + 10) });
    const answer = await send('/api/app/account/login', { method: 'POST', headers: json, body });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ code: 413, msg: 'The request is too large' });
  });

  it('an unknown /api route → HTTP 404, also where the web app would answer other paths', async () => {
    const answer = await send('/api/app/no/such/call');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: 404, msg: 'No such API' });
    const page = await send('/admin/some/page');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Nimbus</title>');
  });

  it('a path that does not decode is refused in the envelope, never a 500', async () => {
    expect(await rawGet('/%E0')).toEqual({
      status: 400,
      body: JSON.stringify({ code: 400, msg: 'The request address is not valid' }),
    });
    // The router stops at '#', so this reaches the web app's fallback: the page, not a crash.
    const fragment = await rawGet('/admin#%E0');
    expect(fragment.status).toBe(200);
    expect(fragment.body).toContain('<title>Nimbus</title>');
    expect((await send('/app.js')).text).toBe('console.log(1)');
  });

  it('a crash → HTTP 500 without a stack, logged without the secret the query carried', async () => {
    // Any write whose value holds the marker now fails inside PostgreSQL, like a real fault would.
    await server.database.db.execute(
      sql.raw(
        `alter table sys_config add constraint crash_test check (param_value not like '%${LEAKED}%') not valid`,
      ),
    );
    const answer = await send('/api/sys/config/update', {
      method: 'POST',
      headers: { ...json, token: admin },
      body: JSON.stringify({
        id: 10,
        paramKey: 'MAIL_CONFIG_KEY',
        remark: 'E-mail (SMTP)',
        paramValue: JSON.stringify({
          protocol: 'smtp',
          host: 'smtp.example.com',
          port: 465,
          username: 'noreply@example.com',
          password: LEAKED,
        }),
      }),
    });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ code: 500, msg: 'Server error, please try again later' });
    expect(answer.text).not.toMatch(/stack|\n\s+at |crash_test/);

    const logged = logLines.join('');
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('crash_test');
    expect(logged).not.toContain(LEAKED);
  });
});
