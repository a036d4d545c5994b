import type { DbOrTx } from '../db/database';
import { attemptThrottle, type ThrottlePolicy } from './attempt-throttle';
import { verifyPassword } from './secrets';
import type { PrincipalKind } from './auth.schema';

/**
 * Wrong login passwords a signed-in account may give where its password confirms an action
 * (change the password, switch 2FA off, set the pay password, change a bound address). Only the
 * session's holder can try, so after five the waits grow to a quarter of an hour; without them
 * these forms would be a way to guess the password around the login's own limits (ADR 0034).
 * One key per account for all of them, so switching forms gains nothing.
 */
const CONFIRM_TRIES: ThrottlePolicy = {
  freeTries: 5,
  firstDelaySeconds: 60,
  maxDelaySeconds: 900,
  forgetMinutes: 60,
};

/** Whether `password` is the account's; throws 429 while its wrong tries make it wait. */
export async function confirmPassword(
  db: DbOrTx,
  account: { kind: PrincipalKind; id: number },
  passwordHash: string,
  password: string,
): Promise<boolean> {
  const key = `password-confirm:${account.kind}:${account.id}`;
  const throttle = attemptThrottle(db);
  await throttle.reserve(key, CONFIRM_TRIES, 'account.passwordThrottled');
  const right = await verifyPassword(passwordHash, password);
  if (right) await throttle.clear(key);
  return right;
}
