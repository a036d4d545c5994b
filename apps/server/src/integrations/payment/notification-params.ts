import { badRequest } from '../../platform/http/app-error';

/**
 * What a form or query-string notification may carry (issue 17 §1). The MD5 schemes sign the
 * same canonical `a=1&b=2` text both ways, so a signature the console made over a hand-off (whose
 * URLs an attacker could shape) would verify as a notification if the text could be cut up
 * differently. A notification is therefore read only when every name is one the provider
 * documents for notifications (never a hand-off-only name such as `notify_url`), no name repeats,
 * and no value holds `&` or `=` unless the provider sends such values there. Then every `=` of
 * its canonical text separates a documented name from its value, so it can never equal a text
 * that names `notify_url`.
 */
export interface NotificationRules {
  /** Every name the provider documents for this notification. */
  names: ReadonlySet<string>;
  /** Names whose values may hold `&` or `=` (a base64 signature pads with `=`). */
  free?: ReadonlySet<string>;
}

const SEPARATORS = /[&=]/;

/** The parameters of a form body or query string, or null when a name repeats. */
export function formParams(text: string): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(params, name)) return null;
    params[name] = value;
  }
  return params;
}

/** Null unless every name is documented and no value smuggles a separator. */
export function checkedParams(
  params: Readonly<Record<string, string>> | null,
  rules: NotificationRules,
): Record<string, string> | null {
  if (!params) return null;
  for (const [name, value] of Object.entries(params)) {
    if (!rules.names.has(name)) return null;
    if (SEPARATORS.test(value) && !rules.free?.has(name)) return null;
  }
  return { ...params };
}

/** A form notification's parameters, checked; the other place (query or body) must be empty. */
export function formNotification(
  carried: string,
  other: string,
  rules: NotificationRules,
): Record<string, string> | null {
  if (other !== '') return null;
  return checkedParams(formParams(carried), rules);
}

/** A JSON object's member names are all documented (JSON notifications carry no query either). */
export function jsonMembersDocumented(value: unknown, names: ReadonlySet<string>): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).every((name) => names.has(name))
  );
}

/**
 * A hand-off value the console signs (a subject, a URL, an amount) must hold no `&` or `=`
 * either, so the signed text keeps the shape its names give it, whatever reached the value.
 */
export function assertHandoffValues(params: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(params))
    if (SEPARATORS.test(value)) throw badRequest('payment.handoffUnsafe', { field: name });
}

/** A free text (a subject, a product name) made safe to sign: `&` and `=` become spaces. */
export const withoutSeparators = (text: string) => text.replace(/[&=]/g, ' ').replace(/\s+/g, ' ').trim();
