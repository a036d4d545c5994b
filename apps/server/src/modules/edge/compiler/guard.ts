import {
  BUSINESS_SECURE_LIMITS,
  CC_LEVELS,
  RATE_LIMIT_ACTIONS,
  RATE_LIMIT_MATCHES,
  RATE_LIMIT_UNIT_SECONDS,
  rateLimitPathValues,
  VERIFICATION_KINDS,
} from '@nimbus/contract';
import { integer } from './nginx-text';
import type { CompileSite } from './types';

/*
 * The business-secure tab (rate limits, CC protection) as `$nimbus_guard`, which `nimbus.guard`
 * reads on the edge (apps/edge lua/guard.lua.ts documents the format). Enums and integers are
 * checked again here and every path value travels hex-encoded, so the value holds only
 * `[a-z0-9,.:-]` whatever a stored row says: nothing in it can end the nginx string or the line.
 */

/** nginx refuses a parameter longer than its 4 KB config buffer: longer values are appended in parts. */
const CHUNK = 3000;
const SAFE = /^[a-z0-9,.:-]+$/;

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

function oneOf<T extends string>(kind: string, list: readonly T[], value: string): T {
  if (!(list as readonly string[]).includes(value))
    throw new Error(`unsafe ${kind} for nginx: ${JSON.stringify(value)}`);
  return value as T;
}

/** The edge text of the section, or '' when nothing is on. */
export function guardValue(site: CompileSite): string {
  const b = site.settings.businessSecure;
  const lines: string[] = [];
  const level = oneOf('CC level', CC_LEVELS, b.ccLevel);
  if (level !== 'off')
    lines.push(`cc,${level},${oneOf('verification', VERIFICATION_KINDS, b.ccVerification)}`);
  if (b.rateLimits.length > BUSINESS_SECURE_LIMITS.rules)
    throw new Error('unsafe rate limits: too many rules');
  for (const rule of b.rateLimits) {
    const match = oneOf('rate-limit match', RATE_LIMIT_MATCHES, rule.match);
    const values = rateLimitPathValues(match, rule.path);
    if (!values) throw new Error(`unsafe rate-limit path for nginx: ${JSON.stringify(rule.path)}`);
    const unit = RATE_LIMIT_UNIT_SECONDS[rule.unit];
    if (unit === undefined) throw new Error(`unsafe rate-limit unit: ${JSON.stringify(rule.unit)}`);
    const action = oneOf('rate-limit action', RATE_LIMIT_ACTIONS, rule.action);
    lines.push(
      [
        'rl',
        match,
        integer('rate', rule.rate, 1, BUSINESS_SECURE_LIMITS.rateMax),
        unit,
        integer('burst', rule.burst, 0, BUSINESS_SECURE_LIMITS.burstMax),
        action,
        action === 'ban'
          ? integer('ban seconds', rule.banSeconds, 1, BUSINESS_SECURE_LIMITS.banSecondsMax)
          : 0,
        values.map(hex).join('.'),
      ].join(','),
    );
  }
  const value = lines.join(':');
  if (value !== '' && !SAFE.test(value)) throw new Error('unsafe guard value for nginx');
  return value;
}

/** `set $nimbus_guard …;` in parts of at most CHUNK characters; [] when the section is off. */
export function guardDirectives(site: CompileSite): string[] {
  const value = guardValue(site);
  const lines: string[] = [];
  for (let at = 0; at < value.length; at += CHUNK) {
    const part = value.slice(at, at + CHUNK);
    lines.push(at === 0 ? `set $nimbus_guard "${part}";` : `set $nimbus_guard "\${nimbus_guard}${part}";`);
  }
  return lines;
}
