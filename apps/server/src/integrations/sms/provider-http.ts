import { badRequest } from '../../platform/http/app-error';

const TIMEOUT_MS = 15_000;

export interface ProviderAnswer {
  status: number;
  text: string;
}

/**
 * One HTTP exchange with an SMS provider. A provider that cannot be reached becomes a message
 * naming its address (never the query string: it can carry a password digest or a signature).
 */
export async function callProvider(url: URL, init: RequestInit = {}): Promise<ProviderAnswer> {
  try {
    const response = await fetch(url, {
      ...init,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    return { status: response.status, text: await response.text() };
  } catch {
    throw badRequest('sms.connectFailed', { endpoint: url.origin });
  }
}

/** The provider's JSON answer, or a clear error when it is not JSON. */
export function parseJsonAnswer(answer: ProviderAnswer): unknown {
  try {
    return JSON.parse(answer.text);
  } catch {
    throw badRequest('sms.badAnswer', { status: answer.status });
  }
}

/** Providers put their own text in errors; keep it short and on one line. */
export function shortText(value: unknown): string {
  return String(value ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}
