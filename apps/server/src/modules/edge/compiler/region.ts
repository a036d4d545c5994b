import { regionEdgeValue, SITE_REGION_LIMITS } from '@nimbus/contract';
import { integer } from './nginx-text';
import type { CompileSite } from './types';

/*
 * Region allow/deny and the maximum header size: checked by `nimbus.geo` in the access phase
 * (the agent's main config), which reads what the site's server block sets here.
 *
 * The header size is not nginx's `large_client_header_buffers`: nginx reads a request's headers
 * before it knows which name-based server they are for, so it takes that directive from the
 * default server of the address and port, never from the site (the same holds for
 * `client_header_buffer_size` and `client_header_timeout`).
 */

/** `$nimbus_geo`: the mode and the codes, for nimbus.geo (contract site-region.ts). */
export const REGION_VARIABLE = '$nimbus_geo';
/** `$nimbus_max_header`: bytes of the request's header block a site takes. */
export const MAX_HEADER_VARIABLE = '$nimbus_max_header';

// Again here, whatever the contract let through: two capital letters a code, nothing else.
const REGION_VALUE = /^(allow|allow-unknown|deny):[A-Z]{2}(,[A-Z]{2})*$/;

function regionValue(site: CompileSite): string | undefined {
  const value = regionEdgeValue(site.settings.applicationSecure);
  if (value !== undefined && !REGION_VALUE.test(value))
    throw new Error(`unsafe region list for nginx: ${JSON.stringify(value)}`);
  return value;
}

/** The server-level `set`s nimbus.geo reads; [] when both checks are off. */
export function edgeCheckVariables(site: CompileSite): string[] {
  const region = regionValue(site);
  const size = site.settings.networkSecure.maxHeaderSize;
  const { headerSizeMin, headerSizeMax } = SITE_REGION_LIMITS;
  return [
    ...(region === undefined ? [] : [`set ${REGION_VARIABLE} "${region}";`]),
    // Anything but 0 must be a number in range: a value that is not stops the compile.
    ...(size !== 0
      ? [`set ${MAX_HEADER_VARIABLE} ${integer('header size', size, headerSizeMin, headerSizeMax)};`]
      : []),
  ];
}

/**
 * In an HTTP-01 answer's location: the CA's validators answer from wherever they are, and a
 * site closed to their country would never get its certificate renewed.
 */
export const acmeRegionBypass = (site: CompileSite): string[] =>
  regionValue(site) === undefined ? [] : [`set ${REGION_VARIABLE} "";`];
