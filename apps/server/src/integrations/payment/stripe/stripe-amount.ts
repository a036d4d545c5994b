/**
 * Our amounts are integer cents (hundredths of the order currency's unit); Stripe's are in each
 * currency's minor unit (docs.stripe.com/currencies, "Minor units in API amounts"). Converting
 * is exact or refused, never rounded: a customer pays exactly what the order says.
 */

/** "Zero-decimal currencies": the amount is whole units, 500 JPY is 500. */
const ZERO_DECIMAL = new Set([
  'BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA',
  'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF',
]); // prettier-ignore
/** "Three-decimal currencies": thousandths, whose last digit must be 0. */
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);
/** "Special cases": ISK stays two-decimal in the API but takes whole krónur only (multiples of 100). */
const WHOLE_TWO_DECIMAL = new Set(['ISK']);

const safe = (n: number) => Number.isSafeInteger(n) && n >= 0;

/**
 * Cents as Stripe's `unit_amount` in `currency` (ISO, upper case). Null when it cannot be charged
 * exactly: a fraction of a unit in a currency Stripe charges in whole units (a recharge, being
 * whole units, always can be; another order may carry cents and is refused with a clear reason
 * rather than rounded).
 */
export function toStripeAmount(cents: number, currency: string): number | null {
  if (!safe(cents)) return null;
  if (ZERO_DECIMAL.has(currency)) return cents % 100 === 0 ? cents / 100 : null;
  if (WHOLE_TWO_DECIMAL.has(currency)) return cents % 100 === 0 ? cents : null;
  if (THREE_DECIMAL.has(currency)) return safe(cents * 10) ? cents * 10 : null;
  return cents;
}

/** Stripe's amount (a session's `amount_total`) back to cents; null when it is no whole cent. */
export function fromStripeAmount(amount: number, currency: string): number | null {
  if (!safe(amount)) return null;
  if (ZERO_DECIMAL.has(currency)) return safe(amount * 100) ? amount * 100 : null;
  if (THREE_DECIMAL.has(currency)) return amount % 10 === 0 ? amount / 10 : null;
  return amount;
}
