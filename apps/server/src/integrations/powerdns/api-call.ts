/**
 * The HTTP API both PowerDNS servers share (Authoritative 4.7, Recursor 4.8): JSON under
 * `/api/v1/servers/localhost`, the key in `X-API-Key`, refusals as `{ "error": … }`.
 */

/** A refusal by a PowerDNS API: `status` 422 means the server found the data itself wrong. */
export class PowerDnsError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    server = 'PowerDNS',
  ) {
    super(`${server} answered ${status}: ${detail}`);
  }
}

/** `example.com` → `example.com.` (PowerDNS's names are absolute); the root stays `.`. */
export const absolute = (name: string) => (name.endsWith('.') ? name : `${name}.`);

/** A caller of one server's API; `errorOf` makes its refusals (the Recursor has its own class). */
export function powerDnsApi(
  options: { apiUrl: string; apiKey: string },
  errorOf: (status: number, detail: string) => Error = (status, detail) => new PowerDnsError(status, detail),
) {
  const base = `${options.apiUrl.replace(/\/$/, '')}/api/v1/servers/localhost`;
  return async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        'X-API-Key': options.apiKey,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (!response.ok) {
      let detail = text;
      try {
        detail = (JSON.parse(text) as { error?: string }).error ?? text;
      } catch {
        // not JSON: keep the text
      }
      throw errorOf(response.status, detail);
    }
    return (text ? JSON.parse(text) : undefined) as T;
  };
}
