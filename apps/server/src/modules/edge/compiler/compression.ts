import { isMimeType } from '@nimbus/contract';
import type { CompileSite } from './types';

/*
 * gzip and brotli (performance tab). Brotli comes from Debian's
 * libnginx-mod-http-brotli-filter, which the agent loads when the node has it (main-conf.ts); on
 * a node without it the `brotli` lines fail nginx -t for the sites that switch it on, and the
 * agent leaves those sites out on that node (keeping their last good config) and reports it,
 * while every other site applies. The install script and .ci/run install the module.
 * `*_proxied any`: answers to visitors behind a proxy (a Via header) are compressed too.
 */

function types(site: CompileSite): string {
  const list = site.settings.performance.compressTypes.map((t) => {
    if (isMimeType(t)) return t;
    throw new Error(`unsafe MIME type for nginx: ${JSON.stringify(t)}`);
  });
  // text/html is always compressed by both; naming it again is a warning.
  const rest = [...new Set(list)].filter((t) => t !== 'text/html').sort();
  return rest.join(' ');
}

export function compressionDirectives(site: CompileSite): string[] {
  const p = site.settings.performance;
  const lines: string[] = [];
  const list = types(site);
  if (p.gzip)
    lines.push('gzip on;', ...(list ? [`gzip_types ${list};`] : []), 'gzip_proxied any;', 'gzip_vary on;');
  if (p.brotli) lines.push('brotli on;', ...(list ? [`brotli_types ${list};`] : []));
  return lines;
}
