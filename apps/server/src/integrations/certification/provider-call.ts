import { badRequest } from '../../platform/http/app-error';

const TIMEOUT_MS = 15_000;

export interface ProviderAnswer {
  status: number;
  text: string;
}

/**
 * One HTTP exchange with a face provider. One that cannot be reached becomes a message naming
 * its address only (never the query string: it can carry a signature). Redirects are refused:
 * an answer must come from the configured endpoint itself.
 */
export async function callFaceProvider(url: URL, init: RequestInit): Promise<ProviderAnswer> {
  try {
    const response = await fetch(url, {
      ...init,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    return { status: response.status, text: await response.text() };
  } catch {
    throw badRequest('verification.providerUnreachable', { endpoint: url.origin });
  }
}

/** Providers put their own text in errors; keep it short and on one line. */
const shortText = (value: unknown) =>
  String(value ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);

/** The provider refused the call (bad credentials, unknown flow…): its own code and words. */
export const providerError = (code: unknown, message: unknown) =>
  badRequest('verification.providerError', { code: shortText(code), message: shortText(message) });

/** An answer that is not what the provider documents, or whose signature does not verify. */
export const providerBadAnswer = () => badRequest('verification.providerBadAnswer');
