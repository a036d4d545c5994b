/**
 * A value as a ClickHouse SQL literal. Debian's ClickHouse 18.16 has no query parameters
 * (`Unknown setting param_…`, ADR 0043), so every value a query carries goes through here: a
 * string quoted with its backslashes and quotes escaped (ClickHouse reads backslash escapes in
 * literals, so both must be), a number only when it is finite. Nothing else builds a literal.
 */
export function literal(value: string | number): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  return `'${value.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}

/** `(1, 2, 3)` for IN; `(0)` for none: no row has id 0 (ids start at 1), and `IN ()` is an error. */
export const literalList = (values: readonly number[]): string =>
  `(${values.length > 0 ? values.map(literal).join(', ') : '0'})`;
