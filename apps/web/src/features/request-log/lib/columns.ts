import { REQUEST_LOG_COLUMNS, type RequestLogColumn } from '@nimbus/contract';

/** Where the chosen request-log columns are remembered (per browser, like the theme settings). */
export const COLUMNS_STORAGE_KEY = 'nimbus-request-log-columns';

/** What a first visit shows beside the always-shown time and URL. */
export const DEFAULT_COLUMNS: readonly RequestLogColumn[] = [
  'domain',
  'clientIp',
  'method',
  'status',
  'bytesOut',
  'requestMs',
  'cache',
];

/** Known columns only, in the contract's order, each once (a stored list may come from an older build). */
export function normalizeColumns(values: readonly unknown[]): RequestLogColumn[] {
  return REQUEST_LOG_COLUMNS.filter((column) => values.includes(column));
}

/** The remembered columns; the defaults when none are stored or the stored value is unreadable. */
export function loadColumns(storage: Pick<Storage, 'getItem'> = localStorage): RequestLogColumn[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(COLUMNS_STORAGE_KEY) ?? 'null');
    if (Array.isArray(stored)) return normalizeColumns(stored);
  } catch {
    // A hand-edited or truncated value: start again from the defaults.
  }
  return [...DEFAULT_COLUMNS];
}

export function saveColumns(
  columns: readonly RequestLogColumn[],
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  storage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(normalizeColumns(columns)));
}
