import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the local fake providers share: their own reading of the documented signatures, a tiny
 * cashier page (a browser test presses "Pay"), the form POST a provider sends to a notify URL,
 * and a loopback HTTP server.
 */

/**
 * The documented string to sign (every non-empty field but those omitted, sorted by name,
 * `k=v&…`), written apart from the adapters' on purpose: a fake that reused them would agree
 * with a bug in them, and the integration tests could not fail.
 */
export function documentedSignString(params: Readonly<Record<string, string>>, omit: string[]): string {
  return Object.entries(params)
    .filter(([name, value]) => !omit.includes(name) && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** RSA PKCS#1 v1.5 over the UTF-8 text, base64: SHA256withRSA (`sha256`) or SHA1withRSA (`sha1`). */
export const rsaSignText = (hash: 'sha1' | 'sha256', text: string, key: crypto.KeyObject) =>
  crypto.sign(hash, Buffer.from(text, 'utf8'), key).toString('base64');

export function rsaTextVerifies(hash: 'sha1' | 'sha256', text: string, sign: string, key: crypto.KeyObject) {
  try {
    return crypto.verify(hash, Buffer.from(text, 'utf8'), key, Buffer.from(sign, 'base64'));
  } catch {
    return false;
  }
}
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function cashierPage(title: string, lines: string[], payAction: string): string {
  return (
    `<!doctype html><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
    lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
    `<form method="post" action="${escapeHtml(payAction)}"><button type="submit">Pay</button></form>`
  );
}

/** A notification as the providers send it: a UTF-8 form POST. What the merchant answered. */
export async function postForm(
  url: string,
  params: Readonly<Record<string, string>>,
): Promise<{ status: number; body: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
    body: new URLSearchParams(params).toString(),
  });
  return { status: response.status, body: await response.text() };
}

export type Handler = (
  request: http.IncomingMessage,
  url: URL,
  body: string,
  response: http.ServerResponse,
) => unknown;

/** Listens on loopback; each request is handed over with its body read. Its origin and close(). */
export async function serveLocally(handle: Handler) {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      Promise.resolve(handle(request, url, Buffer.concat(chunks).toString('utf8'), response)).catch(
        (error: Error) => {
          response.writeHead(500, { 'content-type': 'text/plain' });
          response.end(error.message);
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
