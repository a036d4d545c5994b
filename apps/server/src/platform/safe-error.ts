/**
 * What of an error may be written to the log or the console. A failed query's error carries
 * its parameters (drizzle: `params` and a message ending "params: …"; pg: a `detail` such as
 * "Failing row contains (…)"), and those hold password hashes, TOTP secrets and provider keys.
 * Only the SQL text, codes and stack survive; any parameter value that still shows up in a
 * kept string is blanked.
 */
export interface SafeError {
  type: string;
  message: string;
  stack?: string;
  /** SQL text of a failed query, placeholders only ($1, $2…). */
  query?: string;
  /** PostgreSQL SQLSTATE or Node/Fastify error code. */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  statusCode?: number;
  cause?: SafeError;
}

const REDACTED = '[redacted]';
/** Shorter values are ids, flags and counts: blanking them would garble messages, and they are no secret. */
const MIN_REDACTED_LENGTH = 4;
const MAX_CAUSE_DEPTH = 5;

/** Drizzle's DrizzleQueryError message: "Failed query: <sql>\nparams: <values>". */
const DRIZZLE_PARAMS = /\nparams: [\s\S]*$/;

function paramTexts(params: unknown): string[] {
  if (!Array.isArray(params)) return [];
  return (
    params
      .map((value) => (typeof value === 'string' ? value : value == null ? '' : safeStringify(value)))
      .filter((text) => text.length >= MIN_REDACTED_LENGTH)
      // Longest first: a value that contains another must be blanked whole.
      .sort((a, b) => b.length - a.length)
  );
}

function safeStringify(value: unknown): string {
  try {
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  } catch {
    return '';
  }
}

function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join(REDACTED);
  return out;
}

/** The stack's frames under the kept message: V8 repeats the whole message (params too) on top. */
function safeStack(stack: string, header: string, secrets: readonly string[]): string {
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return scrub([header, ...frames].join('\n'), secrets);
}

function stringField(error: Record<string, unknown>, name: string): string | undefined {
  const value = error[name];
  return typeof value === 'string' && value ? value : undefined;
}

function describe(error: unknown, secrets: string[], depth: number): SafeError {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) {
    return { type: typeof error, message: scrub(String(error), secrets) };
  }
  const e = error as Error & Record<string, unknown>;
  // Parameters of this error and of any wrapped one are blanked everywhere in the chain.
  const all = [...new Set([...secrets, ...paramTexts(e.params)])].sort((a, b) => b.length - a.length);
  const message = scrub((typeof e.message === 'string' ? e.message : '').replace(DRIZZLE_PARAMS, ''), all);
  const out: SafeError = { type: e.constructor?.name ?? 'Error', message };
  if (typeof e.stack === 'string') out.stack = safeStack(e.stack, `${e.name ?? out.type}: ${message}`, all);
  const query = stringField(e, 'query');
  if (query) out.query = scrub(query, all);
  for (const name of ['code', 'constraint', 'table', 'column'] as const) {
    const value = stringField(e, name);
    if (value) out[name] = scrub(value, all);
  }
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (e.cause !== undefined && depth < MAX_CAUSE_DEPTH) out.cause = describe(e.cause, all, depth + 1);
  return out;
}

/** The loggable part of an error (pino's `err` serializer and start-up failures use it). */
export function safeError(error: unknown): SafeError {
  return describe(error, [], 0);
}

/** One readable block for the console: message, code and stack of the error and its causes. */
export function formatSafeError(error: unknown): string {
  const lines: string[] = [];
  for (let e: SafeError | undefined = safeError(error); e; e = e.cause) {
    const prefix = lines.length === 0 ? '' : 'Caused by: ';
    const code = e.code ? ` [${e.code}]` : '';
    lines.push(e.stack ? `${prefix}${e.stack}${code}` : `${prefix}${e.type}: ${e.message}${code}`);
  }
  return lines.join('\n');
}
