import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Origin {
  port: number;
  /** Requests that reached the origin (so, cache misses). */
  hits: () => number;
  close(): Promise<void>;
}

/** An origin whose every answer differs (a counter) and is cacheable for an hour; `/fail` answers 500. */
export async function startOrigin(): Promise<Origin> {
  let count = 0;
  const server = http.createServer((req, res) => {
    count++;
    if (req.url?.startsWith('/fail')) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('broken');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'public, max-age=3600' });
    res.end(`origin ${count} ${req.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits: () => count,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
