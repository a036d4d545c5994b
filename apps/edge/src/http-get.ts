import http from 'node:http';
import https from 'node:https';

export interface GetRequest {
  /** The address to connect to; `host` below is only what the request says it is for. */
  address: string;
  port: number;
  path: string;
  host?: string;
  tls?: boolean;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Keep the body (control answers) or only drain it (preheat of large files). */
  keepBody?: boolean;
  /** Sent as a POST when given (the control server's blocklist). */
  body?: string;
}

export interface GetAnswer {
  status: number;
  body: string;
  bytes: number;
}

/**
 * node:http rather than fetch: fetch cannot send its own Host header nor connect to one address
 * for another name, and we send cache keys as raw bytes (latin1), as nginx stored them.
 */
export function httpGet(req: GetRequest): Promise<GetAnswer> {
  const headers = { ...req.headers, ...(req.host ? { host: req.host } : {}) };
  const method = req.body === undefined ? 'GET' : 'POST';
  const options = { host: req.address, port: req.port, path: req.path, method, headers, agent: false };
  return new Promise((resolve, reject) => {
    const onAnswer = (res: http.IncomingMessage) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (req.keepBody !== false) chunks.push(chunk);
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('latin1'), bytes }),
      );
      res.on('error', reject);
    };
    const request = req.tls
      ? // Preheating warms our own cache through our own nginx: the certificate is not what is tested.
        https.request({ ...options, servername: sniName(req.host), rejectUnauthorized: false }, onAnswer)
      : http.request(options, onAnswer);
    request.setTimeout(req.timeoutMs ?? 10_000, () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(req.body);
  });
}

/** SNI carries a name, never an address or a port. */
function sniName(host: string | undefined): string | undefined {
  const name = host?.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return name && !/^[\d.]+$/.test(name) && !name.includes(':') ? name : undefined;
}
