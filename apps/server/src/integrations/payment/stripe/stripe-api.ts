import type { StripeConfig } from '@nimbus/contract';
import { badRequest } from '../../../platform/http/app-error';

const TIMEOUT_MS = 15_000;

export const stripeRefused = (reason: string) =>
  badRequest('payment.stripe.refused', { reason: reason.replace(/\s+/g, ' ').trim().slice(0, 160) });

/** Stripe answers failures with a 4xx/5xx status and `{ error: { type, code?, message } }`. */
function failureReason(status: number, text: string): string {
  try {
    const { error } = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    if (typeof error?.message === 'string')
      return typeof error.code === 'string' ? `${error.code}: ${error.message}` : error.message;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  return `HTTP ${status}`;
}

/**
 * One API call: form-encoded parameters (nested ones as `a[b][c]`), the secret key as a Bearer
 * token (docs.stripe.com/api/authentication), the JSON answer read. Stripe does not sign its
 * answers; TLS to the configured endpoint is what vouches for them.
 */
export async function callStripe(
  config: StripeConfig,
  path: string,
  params: Readonly<Record<string, string>>,
): Promise<Record<string, unknown>> {
  const url = new URL(path, config.endpoint);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${config.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'Nimbus-Stripe/1.0',
      },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    text = await response.text();
  } catch {
    throw badRequest('payment.stripe.unreachable', { endpoint: url.origin });
  }
  if (!response.ok) throw stripeRefused(failureReason(response.status, text));
  try {
    const answer: unknown = JSON.parse(text);
    if (typeof answer === 'object' && answer !== null) return answer as Record<string, unknown>;
  } catch {
    // Reported below.
  }
  throw stripeRefused('the answer is not JSON');
}
