import { ResultCode } from '@nimbus/contract';
import { ApiError, RequestCancelled } from '@/shared/api/client';

type Show = (text: string) => void;
let show: Show | null = null;

/** The antd App (inside the theme and locale) lends its `message.error` once mounted. */
export function setErrorToast(fn: Show | null): void {
  show = fn;
}

/**
 * Spec §8: a failed call shows the server's msg; cancelled calls stay silent, and a 401 is told
 * by the relogin dialog instead of a toast.
 */
export function errorToastText(error: unknown): string | null {
  if (error instanceof RequestCancelled) return null;
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  if (error instanceof ApiError) return error.code === ResultCode.unauthorized ? null : error.msg;
  if (error instanceof Error) return error.message;
  return String(error);
}

export function toastError(error: unknown): void {
  const text = errorToastText(error);
  if (text && show) show(text);
}
