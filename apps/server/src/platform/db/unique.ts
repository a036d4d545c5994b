/** The unique constraint an insert or update collided on, when `error` (or its cause) is one. */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e;) {
    if (e.code === '23505' && typeof e.constraint === 'string') return e.constraint;
    e = e.cause as typeof e;
  }
  return undefined;
}
