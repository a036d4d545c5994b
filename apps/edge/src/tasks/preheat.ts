import { httpGet } from '../http-get';

/**
 * Fetches a URL through this node's own nginx so that it lands in this node's cache: connect to
 * the node's listen address, not to what DNS says, with the URL's Host (and SNI). The console
 * writes the site's own port into the URL (purge-work.ts preheatUrl); no other is ever asked for.
 */
export async function preheat(url: string, listenAddress: string, timeoutMs = 120_000): Promise<void> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new Error(`${url}: not a URL`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error(`${url}: not http(s)`);
  const tls = target.protocol === 'https:';
  const answer = await httpGet({
    address: listenAddress,
    port: target.port ? Number(target.port) : tls ? 443 : 80,
    path: `${target.pathname}${target.search}`,
    host: target.host,
    tls,
    headers: { 'user-agent': 'nimbus-edge-preheat' },
    timeoutMs,
    // The body is read to the end (nginx caches only complete answers) but not kept.
    keepBody: false,
  }).catch(() => {
    // Never the socket's own words (refused, reset, timed out): told back to the customer, they
    // would map which ports of the node answer.
    throw new Error(`${url}: failed`);
  });
  if (answer.status < 200 || answer.status >= 400) throw new Error(`${url}: HTTP ${answer.status}`);
}
