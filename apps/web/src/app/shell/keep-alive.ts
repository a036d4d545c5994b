/** Spec §2/§9: at most this many views stay alive (mounted, with their state) at once. */
export const KEEP_ALIVE_MAX = 10;

export interface KeptView<T> {
  key: string;
  value: T;
}

/**
 * The views to keep after visiting `visit`: it becomes the most recent (last), replacing its
 * older copy; the least recently visited are dropped beyond `max`.
 */
export function keepVisited<T>(
  views: readonly KeptView<T>[],
  visit: KeptView<T>,
  max = KEEP_ALIVE_MAX,
): KeptView<T>[] {
  const others = views.filter((view) => view.key !== visit.key);
  return [...others, visit].slice(-max);
}

/** Spec §2 `/redirect/<path>`: the way to open a page afresh (its kept view is dropped first). */
export const REFRESH_PREFIX = '/redirect';

/** `/redirect/cdn/x?a=1` → `/cdn/x?a=1`; null for any other location. */
export function refreshTarget(pathname: string, search: string): string | null {
  if (!pathname.startsWith(`${REFRESH_PREFIX}/`)) return null;
  return `${pathname.slice(REFRESH_PREFIX.length)}${search}`;
}

/** The location that reopens `target` afresh. */
export const refreshPath = (target: string): string => `${REFRESH_PREFIX}${target}`;
