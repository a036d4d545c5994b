import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import {
  contentSecureSettingsSchema,
  defaultServingSettings,
  signRequest,
  type ContentSecureSettings,
} from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchEdge, freePort, type EdgeRequestOptions } from '../../../../test/support/edge-fleet';
import { testSite } from './compile.test-support';
import { withEdgeLua } from './lua-stage.test-support';
import { stageBundle, startStaged } from './nginx-stage.test-support';
import type { CompileSite } from './types';

/*
 * The content-secure tab (signed URLs) answered by a real nginx running the edge's nimbus.auth on
 * the staged bundle: the agent's Lua lines and module, the compiler's site files. The origin
 * answers with the URL and the token header it received, so a test sees what reached it.
 */
const ADDRESS = '127.0.0.141';
const KEY = 'primaryKey123';
const BACKUP = 'backupKey456';
let origin: http.Server;
let originPort: number;
let port: number;
let nginx: { stop: () => void } | undefined;
let staged: string;
const seen: string[] = [];

const request = (host: string, path: string, options: EdgeRequestOptions = {}) =>
  fetchEdge(`http://${host}:${port}${path}`, ADDRESS, options);

const SITES: Record<string, Partial<ContentSecureSettings>> = {
  'a.auth.test': { type: 'A', ttl: 120 },
  'h.auth.test': { type: 'A', ttl: 120, tokenIn: 'header', headerName: 'X-Auth' },
  'b.auth.test': { type: 'B', ttl: 300 },
  'c.auth.test': { type: 'C', ttl: 120 },
  'cq.auth.test': { type: 'C', ttl: 120, cForm: 'query', hashParam: 'sign', timeParam: 't' },
  // With the code tab: a status rewrite of 403 re-asks the origin, a 403 page is the site's own.
  'rewrite.auth.test': { type: 'A', ttl: 120 },
  'page.auth.test': { type: 'B', ttl: 300 },
};
const settingsOf = (host: string) =>
  contentSecureSettingsSchema.parse({ enabled: true, primaryKey: KEY, backupKey: BACKUP, ...SITES[host] });
const now = () => Math.floor(Date.now() / 1000);
/** A URL of `host` signed now (or at `at`), with the primary key unless told. */
const sign = (host: string, path: string, options: { at?: number; rand?: string; backup?: boolean } = {}) =>
  signRequest(settingsOf(host), path, options.at ?? now(), {
    rand: options.rand,
    key: options.backup ? 'backup' : 'primary',
  });

/** One character of `text` at `index` changed (to another of the same kind). */
const alter = (text: string, index: number) =>
  text.slice(0, index) + (text[index] === '0' ? '1' : '0') + text.slice(index + 1);

function site(id: number, domain: string): CompileSite {
  const settings = defaultServingSettings();
  if (SITES[domain]) settings.contentSecure = settingsOf(domain);
  if (domain === 'rewrite.auth.test') settings.code.statusRewrites = [{ from: 403, to: 200 }];
  if (domain === 'page.auth.test')
    settings.code.errorPages = [{ status: 403, kind: 'page', html: '<h1>signed links only</h1>', url: '' }];
  return testSite({
    id,
    domain,
    origins: [{ address: '127.0.0.1', httpPort: originPort, httpsPort: originPort, weight: 1, role: 'main' }],
    httpPorts: [port],
    settings,
  });
}

beforeAll(async () => {
  origin = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'max-age=300' });
    res.end(`origin ${req.method} ${req.url} ${req.headers['x-auth'] ?? '-'}`);
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  originPort = (origin.address() as net.AddressInfo).port;
  port = await freePort(ADDRESS);
  const domains = [...Object.keys(SITES), 'open.auth.test'];
  const input = {
    node: { id: 1, listenAddress: ADDRESS },
    sites: domains.map((domain, i) => site(i + 1, domain)),
    streams: [],
    certificates: [],
    allowRanges: [],
  };
  staged = stageBundle(input, '', await freePort());
  await withEdgeLua(staged);
  nginx = startStaged(staged);
}, 30_000);

afterAll(async () => {
  nginx?.stop();
  await new Promise((resolve) => origin?.close(resolve));
});

describe('type A (auth_key parameter)', () => {
  const host = 'a.auth.test';

  it('passes a signed URL and the origin sees it without the token', async () => {
    const { url } = sign(host, '/a/one.txt?v=1');
    expect(url).toMatch(/^\/a\/one\.txt\?v=1&auth_key=\d{10}-0-0-[0-9a-f]{32}$/);
    const answer = await request(host, url);
    expect(answer).toMatchObject({ status: 200, body: 'origin GET /a/one.txt?v=1 -' });
  });

  it('refuses the URL with one character of the path or of the hash changed', async () => {
    const { url } = sign(host, '/a/two.txt');
    expect((await request(host, url.replace('two', 'twO'))).status).toBe(403);
    expect((await request(host, alter(url, url.length - 1))).status).toBe(403);
    expect((await request(host, alter(url, url.indexOf('=') + 1))).status).toBe(403); // the time
    expect((await request(host, url)).status).toBe(200);
  });

  it('refuses an expired URL', async () => {
    const { url } = sign(host, '/a/three.txt', { at: now() - 120 - 5 });
    expect((await request(host, url)).status).toBe(403);
  });

  it('passes a URL signed with the backup key', async () => {
    const { url } = sign(host, '/a/four.txt', { backup: true });
    expect((await request(host, url)).status).toBe(200);
  });

  it('keys the cache without the token: a second visitor with another token is a HIT', async () => {
    const first = await request(host, sign(host, '/a/cached.txt', { rand: 'visitor1' }).url);
    const second = await request(host, sign(host, '/a/cached.txt', { rand: 'visitor2' }).url);
    expect([first.status, first.cache]).toEqual([200, 'MISS']);
    expect([second.status, second.cache, second.body]).toEqual([200, 'HIT', 'origin GET /a/cached.txt -']);
  });

  it('cannot be bypassed: no token, HEAD, the token twice, another case, a stray encoding', async () => {
    const { url } = sign(host, '/a/five.txt');
    const token = url.split('auth_key=')[1]!;
    expect((await request(host, '/a/five.txt')).status).toBe(403);
    expect((await request(host, '/a/five.txt', { method: 'HEAD' })).status).toBe(403);
    expect((await request(host, `${url}&auth_key=${token}`)).status).toBe(403);
    expect((await request(host, `${url}&AUTH_KEY=1-0-0-x`)).status).toBe(403);
    expect((await request(host, `/a/five.txt?auth%5Fkey=${token}&auth_key=${token}`)).status).toBe(403);
    expect((await request(host, url.replace('/a/', '/a//'))).status).toBe(403);
    expect((await request(host, url.replace('/five', '/x/../five'))).status).toBe(403);
    expect((await request(host, url.replace('five', '%66ive'))).status).toBe(403);
    expect((await request(host, url, { method: 'HEAD' })).status).toBe(200);
  });
});

describe('type A (token in a header)', () => {
  const host = 'h.auth.test';

  it('passes with the header, which the origin never receives, and refuses without it', async () => {
    const signed = sign(host, '/h/one.txt');
    expect(signed.header?.name).toBe('X-Auth');
    const answer = await request(host, signed.url, { headers: { 'x-auth': signed.header!.value } });
    expect(answer).toMatchObject({ status: 200, body: 'origin GET /h/one.txt -' });
    expect((await request(host, signed.url)).status).toBe(403);
    expect((await request(host, `${signed.url}?auth_key=${signed.header!.value}`)).status).toBe(403);
    expect(
      (await request(host, signed.url, { headers: { 'x-auth': alter(signed.header!.value, 40) } })).status,
    ).toBe(403);
  });
});

describe('type B (/YYYYMMDDHHMM/md5/path, Beijing time)', () => {
  const host = 'b.auth.test';

  it('passes a signed URL and the origin sees the real path', async () => {
    const { url } = sign(host, '/b/one.txt?v=2');
    expect(url).toMatch(/^\/\d{12}\/[0-9a-f]{32}\/b\/one\.txt\?v=2$/);
    expect(await request(host, url)).toMatchObject({ status: 200, body: 'origin GET /b/one.txt?v=2 -' });
  });

  it('refuses the URL with one character of the path or of the hash changed', async () => {
    const { url } = sign(host, '/b/two.txt');
    expect((await request(host, url.replace('two', 'twO'))).status).toBe(403);
    expect((await request(host, alter(url, 20))).status).toBe(403);
  });

  it('refuses an expired URL', async () => {
    expect((await request(host, sign(host, '/b/three.txt', { at: now() - 300 - 120 }).url)).status).toBe(403);
  });

  it('passes a URL signed with the backup key', async () => {
    expect((await request(host, sign(host, '/b/four.txt', { backup: true }).url)).status).toBe(200);
  });

  it('keys the cache by the real path: a URL signed another minute is a HIT', async () => {
    const first = await request(host, sign(host, '/b/cached.txt', { at: now() - 120 }).url);
    const second = await request(host, sign(host, '/b/cached.txt').url);
    expect([first.cache, second.cache]).toEqual(['MISS', 'HIT']);
  });
});

describe('type C (/md5/HEX/path, or two parameters)', () => {
  it('passes a signed URL and the origin sees the real path', async () => {
    const { url } = sign('c.auth.test', '/c/one.txt');
    expect(url).toMatch(/^\/[0-9a-f]{32}\/[0-9A-F]{8}\/c\/one\.txt$/);
    expect(await request('c.auth.test', url)).toMatchObject({ status: 200, body: 'origin GET /c/one.txt -' });
    const query = sign('cq.auth.test', '/c/one.txt?v=3');
    expect(query.url).toMatch(/^\/c\/one\.txt\?v=3&sign=[0-9a-f]{32}&t=[0-9A-F]{8}$/);
    expect(await request('cq.auth.test', query.url)).toMatchObject({
      status: 200,
      body: 'origin GET /c/one.txt?v=3 -',
    });
  });

  it('refuses the URL with one character of the path or of the hash changed', async () => {
    for (const host of ['c.auth.test', 'cq.auth.test']) {
      const { url } = sign(host, '/c/two.txt');
      expect((await request(host, url.replace('two', 'twO'))).status).toBe(403);
      const hashAt = host === 'c.auth.test' ? 5 : url.indexOf('sign=') + 8;
      expect((await request(host, alter(url, hashAt))).status).toBe(403);
    }
  });

  it('refuses an expired URL', async () => {
    for (const host of ['c.auth.test', 'cq.auth.test'])
      expect((await request(host, sign(host, '/c/three.txt', { at: now() - 125 }).url)).status).toBe(403);
  });

  it('passes a URL signed with the backup key', async () => {
    for (const host of ['c.auth.test', 'cq.auth.test'])
      expect((await request(host, sign(host, '/c/four.txt', { backup: true }).url)).status).toBe(200);
  });
});

describe('with the code tab', () => {
  it('a status rewrite of 403 does not turn a refusal into the origin’s answer', async () => {
    const before = seen.length;
    expect(await request('rewrite.auth.test', '/r/secret.txt')).toMatchObject({ status: 403 });
    expect(seen.length).toBe(before);
    const { url } = sign('rewrite.auth.test', '/r/open.txt');
    expect(await request('rewrite.auth.test', url)).toMatchObject({
      status: 200,
      body: 'origin GET /r/open.txt -',
    });
  });

  it('a refusal shows the site’s own 403 page, and the page is not reachable directly', async () => {
    expect(await request('page.auth.test', '/p/secret.txt')).toMatchObject({
      status: 403,
      body: '<h1>signed links only</h1>',
    });
    expect((await request('page.auth.test', '/__nimbus_error/403.html')).status).toBe(404);
    expect((await request('page.auth.test', sign('page.auth.test', '/p/open.txt').url)).status).toBe(200);
  });
});

describe('a site without URL signing', () => {
  it('serves unsigned URLs as before', async () => {
    expect(await request('open.auth.test', '/plain.txt?auth_key=x')).toMatchObject({
      status: 200,
      body: 'origin GET /plain.txt?auth_key=x -',
    });
    // Nothing of nimbus.auth in the error log (at the level nodes log) for a site without it.
    expect(fs.readFileSync(`${staged}/error.log`, 'utf8')).not.toMatch(/uninitialized|nimbus\.auth/);
  });
});
