import { BUNDLE_DIR_MARKER, isRedirectUrl, type EdgeBundleFile } from '@nimbus/contract';
import { block, integer, quoted } from './nginx-text';
import type { CompileSite } from './types';

/*
 * The code tab: custom error pages and status rewriting, at server level.
 * - A page is a bundle file `errors/<siteId>/<status>.html`, served by an internal exact location
 *   with the original status. A redirect page answers 302 to the customer's URL.
 * - Status rewriting (`from` → `to`): nginx cannot change an origin answer's status as it passes.
 *   The honest way found: the answer `from` is intercepted and the request is sent to the origin
 *   again from a named location whose answer goes out with status `to` and the origin's body.
 *   That costs the origin a second request for every such answer, and that location does not
 *   cache (a cached `from` answer replayed there came out as nginx's own error page).
 * Intercepting is switched on only when the site has either.
 */

export const errorPagePath = (siteId: number, status: number) => `errors/${siteId}/${status}.html`;
const errorUri = (status: number) => `/__nimbus_error/${status}.html`;
const STATUS_LOCATION = '@nimbus_status';

const statusOf = (value: number, min: number) => integer('status code', value, min, 599);

/** The page files of a site (bundle files; the manifest lists them in the site's `uses`). */
export function errorPageFiles(site: CompileSite): EdgeBundleFile[] {
  const rewritten = new Set(site.settings.code.statusRewrites.map((r) => r.from));
  return site.settings.code.errorPages
    .filter((p) => p.kind === 'page' && !rewritten.has(p.status))
    .map((p) => ({ path: errorPagePath(site.id, statusOf(p.status, 400)), content: p.html }));
}

const hasCodeRules = (site: CompileSite) =>
  site.settings.code.errorPages.length > 0 || site.settings.code.statusRewrites.length > 0;

/** error_page lines and intercepting (server level). */
export function errorDirectives(site: CompileSite): string[] {
  const code = site.settings.code;
  if (!hasCodeRules(site)) return [];
  const lines = ['proxy_intercept_errors on;'];
  const rewritten = new Set(code.statusRewrites.map((r) => r.from));
  for (const page of [...code.errorPages].sort((a, b) => a.status - b.status)) {
    const status = statusOf(page.status, 400);
    // One error_page per status: a rewrite of the same status wins over its page.
    if (rewritten.has(status)) continue;
    if (page.kind === 'page') lines.push(`error_page ${status} ${errorUri(status)};`);
    else {
      if (!isRedirectUrl(page.url))
        throw new Error(`unsafe error page URL for nginx: ${JSON.stringify(page.url)}`);
      lines.push(`error_page ${status} ${quoted('error page URL', page.url)};`);
    }
  }
  for (const r of [...code.statusRewrites].sort((a, b) => a.from - b.from))
    lines.push(`error_page ${statusOf(r.from, 400)} =${statusOf(r.to, 200)} ${STATUS_LOCATION};`);
  return lines;
}

/** Statuses answered with a page of the bundle (a rewrite of the same status wins), ascending. */
function pageStatuses(site: CompileSite): number[] {
  const code = site.settings.code;
  const rewritten = new Set(code.statusRewrites.map((r) => r.from));
  return code.errorPages
    .filter((p) => p.kind === 'page' && !rewritten.has(p.status))
    .map((p) => statusOf(p.status, 400))
    .sort((a, b) => a - b);
}

/**
 * Before the security tabs' checks: a refusal's way to its custom page (an internal redirect runs
 * the server's rewrite directives again) must not be refused once more, which would show nginx's
 * own page instead. Only the pages' exact URIs, whose locations are internal: a visitor asking
 * for one gets 404, never the origin.
 */
export function errorPageGuard(site: CompileSite): string[] {
  const statuses = pageStatuses(site);
  if (statuses.length === 0) return [];
  return block(`if ($uri ~ "^/__nimbus_error/(${statuses.join('|')})\\\\.html$")`, ['break;']);
}

/**
 * The locations that serve the pages and re-ask the origin for rewritten statuses. A named
 * location is entered without the server's rewrite directives, so `checks` (the security tabs'
 * refusals) are repeated there: a refused request whose status is rewritten must not reach the
 * origin. `openAccess`: the site restricts addresses, and a refused address still gets the page.
 */
export function errorLocations(
  site: CompileSite,
  proxy: readonly string[],
  checks: readonly string[] = [],
  openAccess = false,
): string[] {
  const code = site.settings.code;
  const lines = pageStatuses(site).flatMap((status) =>
    block(`location = ${errorUri(status)}`, [
      'internal;',
      ...(openAccess ? ['allow all;'] : []),
      `alias ${BUNDLE_DIR_MARKER}/${errorPagePath(site.id, status)};`,
      'default_type text/html;',
    ]),
  );
  if (code.statusRewrites.length > 0)
    lines.push(
      ...block(`location ${STATUS_LOCATION}`, [
        ...checks,
        ...proxy,
        'proxy_cache off;',
        'proxy_intercept_errors off;',
      ]),
    );
  return lines;
}
