/**
 * What an uploaded SVG may ask of the rasteriser. resvg draws what `href` names: a server file
 * (`/etc/…`, `/dev/zero`, which it reads until memory runs out), another document, a nested
 * SVG. Only references to the document's own elements (`#id`) are kept; every other `href`,
 * in any namespace, is removed before the drawing starts. Entity declarations could spell a
 * removed reference again (or expand a billion times), so a document with them is refused, as
 * are filter settings whose cost grows without bound (the rasteriser's CPU limit stops the
 * rest).
 */

export type SvgVerdict = { ok: true; svg: string } | { ok: false; reason: 'entities' | 'filter' };

/** An attribute named href in any namespace (`href`, `xlink:href`, `x:href`), with its value. */
const HREF = /(\s)((?:[A-Za-z_][\w.-]*:)?href)\s*=\s*("[^"]*"|'[^']*')/g;
/** A reference to one of the document's own elements; no entity, no path, no scheme. */
const INTERNAL = /^["']\s*#[A-Za-z_][\w.:-]*\s*["']$/;

/** feTurbulence's cost doubles with each octave; a blur's grows with its radius. */
const MAX_OCTAVES = 4;
const MAX_BLUR = 100;

const numbersOf = (text: string) => (text.match(/-?\d*\.?\d+(?:e[+-]?\d+)?/gi) ?? []).map(Number);

function attributeValues(svg: string, name: string): string[] {
  const pattern = new RegExp(`\\s${name}\\s*=\\s*("[^"]*"|'[^']*')`, 'gi');
  return [...svg.matchAll(pattern)].map((m) => m[1]!.slice(1, -1));
}

export function safeSvg(text: string): SvgVerdict {
  if (/<!ENTITY/i.test(text)) return { ok: false, reason: 'entities' };
  const tooCostly =
    attributeValues(text, 'numOctaves').some((v) => numbersOf(v).some((n) => !(n <= MAX_OCTAVES))) ||
    attributeValues(text, 'stdDeviation').some((v) => numbersOf(v).some((n) => !(Math.abs(n) <= MAX_BLUR)));
  if (tooCostly) return { ok: false, reason: 'filter' };
  const svg = text.replace(HREF, (whole, space: string, _name: string, value: string) =>
    INTERNAL.test(value) ? whole : space,
  );
  return { ok: true, svg };
}
