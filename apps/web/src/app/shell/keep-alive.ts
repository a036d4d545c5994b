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
