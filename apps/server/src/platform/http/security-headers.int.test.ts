import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

/** Issue 10 §6: security headers on every kind of answer, and JSON labelled as JSON. */
let server: TestServer;
let customer: string;
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-dist-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Nimbus</title>');
  fs.writeFileSync(path.join(distDir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'assets', 'app-Ab12Cd34.js'), 'console.log(1)');
  fs.writeFileSync(
    path.join(distDir, 'assets', 'app-Ab12Cd34.js.br'),
    zlib.brotliCompressSync('console.log(1)'),
  );
  server = await startTestServer({ env: { WEB_DIST_DIR: distDir } });
  customer = await server.login('customer');
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${pathname}`, { headers });

function expectSecurityHeaders(response: Response) {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('upgrade-insecure-requests');
}

describe('security headers', () => {
  it('nosniff and no-store on an API success, a handled failure (code 401/404) and an HTTP 404, JSON labelled', async () => {
    const answers = [
      await get('/api/app/account/userinfo', { token: customer }),
      await get('/api/app/account/userinfo'),
      await get('/api/app/site/domain/info?id=999999', { token: customer }),
      await get('/api/no/such/route'),
    ];
    const codes = [];
    for (const response of answers) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-type')).toMatch(/^application\/json; charset=utf-8$/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      codes.push(((await response.json()) as { code: number }).code);
    }
    expect(codes).toEqual([1, 401, 404, 404]);
  });

  it('the full set on the console page and its files, the hashed ones cached for good', async () => {
    const page = await get('/dashboard');
    expectSecurityHeaders(page);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const asset = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'br, gzip' });
    expectSecurityHeaders(asset);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The build's brotli copy, for a browser that takes it.
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(await asset.text()).toBe('console.log(1)');
    const robots = await get('/robots.txt');
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(robots.headers.get('cache-control')).toBe('no-cache');
    expect(await robots.text()).toContain('Disallow: /');
  });
});
