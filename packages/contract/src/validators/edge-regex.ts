/**
 * Whether a customer's regular expression may go into an edge's nginx config (PCRE2). The
 * console cannot run PCRE, so it accepts the part of the syntax where JavaScript and PCRE agree
 * and JavaScript compiles the pattern: escapes from a fixed list, no lookbehind (PCRE wants a
 * fixed length), no backreferences, no inline flags but a leading `(?i)`, no quotes or control
 * characters (the pattern is written inside an nginx string). A pattern outside that set is
 * refused here rather than failing `nginx -t` on the nodes (ADR 0036).
 */
export const EDGE_REGEX_MAX = 1000;

/** `\` followed by one of these is the same escape in both dialects. */
const SAFE_ESCAPES = new Set([...'dDwWsSbB.\\/^$|?*+()[]{}-nrtf0']);

export function isSafeEdgeRegex(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > EDGE_REGEX_MAX) return false;
  // eslint-disable-next-line no-control-regex
  if (/["'`\u0000-\u001f\u007f]/.test(value) || /\s/.test(value)) return false;
  const body = value.startsWith('(?i)') ? value.slice(4) : value;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\') {
      const next = body[i + 1];
      if (next === 'x' && /^[0-9A-Fa-f]{2}$/.test(body.slice(i + 2, i + 4))) {
        i += 3;
        continue;
      }
      if (next === undefined || !SAFE_ESCAPES.has(next)) return false;
      i++;
      continue;
    }
    if (c === '(' && body[i + 1] === '?') {
      const group = body.slice(i + 2, i + 4);
      const plain = group.startsWith(':') || group.startsWith('=') || group.startsWith('!');
      const named = /^<[A-Za-z]/.test(group);
      if (!plain && !named) return false;
    }
    // `[]` and `[^]` mean different things in the two dialects.
    if (c === '[' && (body[i + 1] === ']' || body.slice(i + 1, i + 3) === '^]')) return false;
  }
  try {
    new RegExp(body);
    return true;
  } catch {
    return false;
  }
}
