/*
 * Access-log shipping (issue 19 §1): nginx on each edge writes one JSON line per request of a
 * site; the agent posts them in batches to `POST edge/v1/logs` (EDGE_PATHS.logs):
 *
 *   body      the lines as written by nginx, gzip-compressed (content-type application/x-ndjson,
 *             content-encoding gzip)
 *   header    x-nimbus-batch: the batch's id, unique per node and stable across the agent's
 *             restarts (the log file's generation and the byte offset it starts at), so a batch
 *             sent twice is stored once: at-least-once delivery, exactly-once counts
 *   header    x-nimbus-dropped: lines the agent dropped since its last batch (its spool was full)
 *   answer    the envelope, code 1 once the batch is stored (or was stored before). Network
 *             errors, HTTP 5xx and 404, 401 and 429 (HTTP or envelope): the agent keeps the batch
 *             and sends it again later. Any other refusal (HTTP 400, 413, 415, another envelope
 *             code) is about the batch itself: the agent drops it and counts its lines as dropped,
 *             so one bad batch never holds up the rest (apps/edge logs/sender.ts).
 */

/** The JSON keys of one access-log line and the nginx variable behind each (escape=json). */
export const ACCESS_LOG_FIELDS = {
  site: '$nimbus_site',
  time: '$msec',
  ip: '$remote_addr',
  method: '$request_method',
  host: '$host',
  uri: '$request_uri',
  status: '$status',
  out: '$bytes_sent',
  in: '$request_length',
  rt: '$request_time',
  ut: '$upstream_response_time',
  ob: '$upstream_bytes_received',
  cache: '$upstream_cache_status',
  ref: '$http_referer',
  ua: '$http_user_agent',
  scheme: '$scheme',
  proto: '$server_protocol',
  tls: '$ssl_protocol',
} as const;
export type AccessLogLine = Record<keyof typeof ACCESS_LOG_FIELDS, string>;

/**
 * A site server's first `server_name`: nginx's `$server_name` is the first name, known from the
 * moment the server is chosen. The blocklist refuses a request before the server's own `set
 * $nimbus_site` has run (nimbus.blocklist, server-rewrite phase); this name tells it the site, so
 * the refused request is logged as the site's. No customer domain can take it (`_` is no letter of
 * a host name).
 */
export const EDGE_SITE_SERVER_TAG = 'nimbus_site_';
export const edgeSiteServerTag = (siteId: number) => `${EDGE_SITE_SERVER_TAG}${siteId}`;

/** nginx's `log_format` name for site requests, and its format (every value a JSON string). */
export const ACCESS_LOG_FORMAT_NAME = 'nimbus_access';
export const ACCESS_LOG_FORMAT = `{${Object.entries(ACCESS_LOG_FIELDS)
  .map(([key, variable]) => `"${key}":"${variable}"`)
  .join(',')}}`;

/**
 * The JSON keys of one layer-4 session line (`stream {}`, written when the session ends) and the
 * nginx variable behind each. `in`/`out` are bytes from/to the client, `uin`/`uout` bytes
 * from/to the upstream; `status` is the stream module's 200/400/403/500/502/503. Shipped to
 * `POST edge/v1/stream-logs` (EDGE_PATHS.streamLogs) with the same headers and answers as `logs`.
 */
export const STREAM_LOG_FIELDS = {
  rule: '$nimbus_stream',
  time: '$msec',
  ip: '$remote_addr',
  port: '$remote_port',
  proto: '$protocol',
  st: '$session_time',
  in: '$bytes_received',
  out: '$bytes_sent',
  uin: '$upstream_bytes_received',
  uout: '$upstream_bytes_sent',
  up: '$upstream_addr',
  status: '$status',
} as const;
export type StreamLogLine = Record<keyof typeof STREAM_LOG_FIELDS, string>;

export const STREAM_LOG_FORMAT_NAME = 'nimbus_stream';
export const STREAM_LOG_FORMAT = `{${Object.entries(STREAM_LOG_FIELDS)
  .map(([key, variable]) => `"${key}":"${variable}"`)
  .join(',')}}`;

export const EDGE_LOG_BATCH_HEADER = 'x-nimbus-batch';
export const EDGE_LOG_DROPPED_HEADER = 'x-nimbus-dropped';
/** Batch ids: generation, a dash, the start offset (digits); the console refuses anything else. */
export const EDGE_LOG_BATCH_ID = /^[0-9]{1,15}-[0-9]{1,15}$/;
/** A batch's largest compressed body, and the most lines it may hold once unpacked. */
export const EDGE_LOG_MAX_BODY_BYTES = 8 * 1024 * 1024;
export const EDGE_LOG_MAX_LINES = 50_000;
/** The agent sends a batch once it holds this many lines or its first line is this old. */
export const EDGE_LOG_BATCH_LINES = 5000;
export const EDGE_LOG_BATCH_SECONDS = 2;
