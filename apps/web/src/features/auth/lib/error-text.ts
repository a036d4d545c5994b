import { ApiError, RequestCancelled } from '@/shared/api/client';
import type { Translate } from '@/features/auth/lib/form-rules';

/**
 * The sentence to show for a failed call: the server's own message (already in the user's
 * language), nothing for a cancelled call (spec §8), a generic line for anything else.
 */
export function errorText(error: unknown, t: Translate): string | null {
  if (error instanceof RequestCancelled) return null;
  if (error instanceof ApiError) return error.msg;
  return t('auth.common.unexpectedError');
}

/** Mutation meta for calls whose failure the form shows itself (no global toast on top). */
export const SHOWN_INLINE = { silentError: true } as const;
