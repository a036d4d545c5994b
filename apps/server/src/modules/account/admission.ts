import { ResultCode } from '@nimbus/contract';
import { AppError, forbidden } from '../../platform/http/app-error';
import { ipAllowed } from './white-ip';

export interface Admission {
  /** Why, for the audit log. */
  reason: 'disabled' | 'white_ip';
  error: AppError;
}

/**
 * Why an account whose credentials are right may still not come in: it is disabled, or its
 * login white list is on and leaves the caller's IP out (not checked for an admin's own
 * "log in as": `whiteIp: false`). Null when it may.
 */
export function admissionRefusal(
  row: { enabled: boolean; whiteIpStatus: boolean; whiteIps: readonly string[] },
  ip: string,
  { whiteIp = true }: { whiteIp?: boolean } = {},
): Admission | null {
  if (!row.enabled) return { reason: 'disabled', error: forbidden('account.disabled') };
  if (whiteIp && row.whiteIpStatus && !ipAllowed(ip, row.whiteIps)) {
    return { reason: 'white_ip', error: new AppError(ResultCode.forbidden, 'account.ipNotAllowed', { ip }) };
  }
  return null;
}
