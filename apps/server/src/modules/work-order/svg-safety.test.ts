import { describe, expect, it } from 'vitest';
import { safeSvg } from './svg-safety';

const wrap = (inner: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">${inner}</svg>`;

describe('safeSvg', () => {
  it('removes every reference outside the document and keeps references to its own elements', () => {
    const outside = [
      '<image href="/etc/passwd"/>',
      '<image xlink:href=\'/dev/zero\' width="1"/>',
      '<image x:href = "file:///etc/hosts"/>',
      '<image href="&#47;etc/passwd"/>',
      '<image href="data:image/svg+xml;base64,PHN2Zy8+"/>',
      '<feImage href="http://169.254.169.254/"/>',
      '<use href="other.svg#a"/>',
    ];
    for (const inner of outside) {
      const verdict = safeSvg(wrap(inner));
      expect(verdict.ok && verdict.svg).not.toMatch(/href/);
    }
    for (const inner of ['<use href="#a"/>', "<use xlink:href='#shape-1'/>"])
      expect(safeSvg(wrap(inner))).toEqual({ ok: true, svg: wrap(inner) });
  });

  it('refuses entity declarations and filters whose cost has no bound', () => {
    const doctype = `<!DOCTYPE svg [<!ENTITY i "<image href='/etc/passwd'/>">]>${wrap('&i;')}`;
    expect(safeSvg(doctype)).toEqual({ ok: false, reason: 'entities' });
    expect(safeSvg(wrap('<filter><feTurbulence numOctaves="60"/></filter>'))).toMatchObject({
      reason: 'filter',
    });
    expect(safeSvg(wrap('<filter><feGaussianBlur stdDeviation="5 500"/></filter>'))).toMatchObject({
      reason: 'filter',
    });
    expect(safeSvg(wrap('<filter><feGaussianBlur stdDeviation="4"/></filter>')).ok).toBe(true);
  });
});
