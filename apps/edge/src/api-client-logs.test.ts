import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, AuthError, edgeApi, NetworkError } from './api-client';

/** A console that answers each batch id with what the test chose: [HTTP status, envelope]. */
const answers: Record<string, [number, unknown]> = {};
const seen: { headers: http.IncomingHttpHeaders; body: string; url: string }[] = [];
let server: http.Server;
let api: ReturnType<typeof edgeApi>;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        headers: req.headers,
        body: zlib.gunzipSync(Buffer.concat(chunks)).toString(),
        url: req.url!,
      });
      const [status, envelope] = answers[String(req.headers['x-nimbus-batch'])] ?? [
        200,
        { code: 1, msg: 'ok' },
      ];
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(envelope));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = edgeApi(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'edge_t');
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const body = zlib.gzipSync('{"site":"1"}\n');

describe('api.logs', () => {
  it('posts the gzip lines with the batch id and the dropped count', async () => {
    await api.logs('3-1024', body, 7);
    expect(seen.at(-1)).toMatchObject({
      url: '/api/edge/v1/logs',
      body: '{"site":"1"}\n',
      headers: {
        authorization: 'Bearer edge_t',
        'content-type': 'application/x-ndjson',
        'content-encoding': 'gzip',
        'x-nimbus-batch': '3-1024',
        'x-nimbus-dropped': '7',
      },
    });
  });

  it('posts layer-4 session batches the same way to stream-logs', async () => {
    await api.streamLogs('0-0', body, 2);
    expect(seen.at(-1)).toMatchObject({
      url: '/api/edge/v1/stream-logs',
      body: '{"site":"1"}\n',
      headers: { 'content-encoding': 'gzip', 'x-nimbus-batch': '0-0', 'x-nimbus-dropped': '2' },
    });
  });

  it('tells a refused batch (to drop) from a moment to retry', async () => {
    const outcome = async (status: number, envelope: unknown) => {
      answers['0-0'] = [status, envelope];
      return api.logs('0-0', body, 0).then(
        () => 'stored',
        (error: Error) => error.constructor.name,
      );
    };
    expect(await outcome(200, { code: 1, msg: 'ok' })).toBe('stored');
    // The console refuses the batch itself: sending it again gets the same answer.
    expect(await outcome(200, { code: 400, msg: 'bad line' })).toBe(ApiError.name);
    expect(await outcome(413, {})).toBe(ApiError.name);
    expect(await outcome(400, {})).toBe(ApiError.name);
    // Kept and sent again: a console in trouble, rate limited, without the route yet, or a token problem.
    expect(await outcome(500, {})).toBe(NetworkError.name);
    expect(await outcome(502, {})).toBe(NetworkError.name);
    expect(await outcome(404, {})).toBe(NetworkError.name);
    expect(await outcome(200, { code: 429, msg: 'slow down' })).toBe(NetworkError.name);
    expect(await outcome(401, {})).toBe(AuthError.name);
    expect(await outcome(200, { code: 401, msg: 'token' })).toBe(AuthError.name);
  });
});
