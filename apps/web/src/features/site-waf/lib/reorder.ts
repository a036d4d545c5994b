/** The ids with `id` moved to where `targetId` is (before it when moving up, after it when moving down). */
export function movedOnto(ids: readonly number[], id: number, targetId: number): number[] {
  const from = ids.indexOf(id);
  const to = ids.indexOf(targetId);
  if (from < 0 || to < 0 || from === to) return [...ids];
  const rest = ids.filter((x) => x !== id);
  rest.splice(to, 0, id);
  return rest;
}

/** The ids with the one at `index` swapped with its neighbour (`step` -1 up, +1 down). */
export function movedBy(ids: readonly number[], index: number, step: -1 | 1): number[] {
  const other = index + step;
  if (index < 0 || other < 0 || index >= ids.length || other >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[other]] = [next[other]!, next[index]!];
  return next;
}
