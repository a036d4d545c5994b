/** The list with the item at `index` moved by `by` places (kept within the list). */
export function moved<T>(list: readonly T[], index: number, by: number): T[] {
  const target = Math.min(list.length - 1, Math.max(0, index + by));
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}

export const without = <T>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);

export const replaced = <T>(list: readonly T[], index: number, item: T): T[] =>
  list.map((old, i) => (i === index ? item : old));
