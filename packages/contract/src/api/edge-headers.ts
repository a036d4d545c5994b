/**
 * Request headers that mean something to an edge node's own control server (ADR 0030). Every
 * site location clears them towards the origin, so a request proxied through any site (even
 * one whose origin is the node itself) can never carry them.
 */
export const EDGE_CONTROL_HEADER = 'X-Nimbus-Control';
export const EDGE_PURGE_KEY_HEADER = 'X-Nimbus-Purge-Key';
export const EDGE_INTERNAL_HEADERS = [EDGE_CONTROL_HEADER, EDGE_PURGE_KEY_HEADER] as const;
