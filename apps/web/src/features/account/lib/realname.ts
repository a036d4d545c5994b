/**
 * Spec §3: realnameStatus defaults to 2 and 0 means unverified (the real-name gate fires on 0
 * only). 1 is a completed verification; any other value (the default 2) has submitted nothing
 * yet — the same reading as the dashboard.
 */
export type RealnameState = 'verified' | 'unverified' | 'notSubmitted';

export function realnameState(status: number): RealnameState {
  if (status === 1) return 'verified';
  if (status === 0) return 'unverified';
  return 'notSubmitted';
}

export const REALNAME_TAG_COLOR: Record<RealnameState, string> = {
  verified: 'success',
  unverified: 'warning',
  notSubmitted: 'default',
};
