import { ResultCode } from '@nimbus/contract';
import { ApiError, RequestCancelled } from '@/shared/api/client';

/** What the message host (antd's message, inside the theme and locale) lends once mounted. */
export interface Toaster {
  error(text: string): void;
  warning(text: string): void;
}

type Kind = keyof Toaster;

let toaster: Toaster | null = null;
// antd's message loads with the first toast (it is not part of the first load): what is said
// before then waits here and is shown as soon as the host mounts.
const waiting: { kind: Kind; text: string }[] = [];
let demand: (() => void) | null = null;

export function setToaster(next: Toaster | null): void {
  toaster = next;
  if (next) for (const { kind, text } of waiting.splice(0)) next[kind](text);
}

/** Called when a toast is waiting for a host; returns the unsubscribe. */
export function onToastDemand(fn: () => void): () => void {
  demand = fn;
  if (waiting.length > 0) fn();
  return () => {
    if (demand === fn) demand = null;
  };
}

function show(kind: Kind, text: string): void {
  if (toaster) {
    toaster[kind](text);
    return;
  }
  waiting.push({ kind, text });
  demand?.();
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
  if (text) show('error', text);
}

export function toastWarning(text: string): void {
  show('warning', text);
}
