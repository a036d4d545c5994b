// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { setHeadMeta } from './head-meta';

const SHIPPED = 'Nimbus CDN 与 DNS 控制台 · Nimbus CDN and DNS console';
const meta = (name: string) => document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);

/** The head as index.html ships it: a description, no keywords. */
beforeEach(() => {
  document.head.innerHTML = `<meta name="description" content="${SHIPPED}" />`;
});

describe('setHeadMeta', () => {
  it('keeps the shipped description when the setting is empty (the default)', () => {
    setHeadMeta('description', '');
    expect(meta('description')?.content).toBe(SHIPPED);
    setHeadMeta('description', '   ');
    expect(meta('description')?.content).toBe(SHIPPED);
  });

  it('replaces it with the setting, and gives it back when the setting is emptied', () => {
    setHeadMeta('description', ' Fast CDN and DNS ');
    expect(meta('description')?.content).toBe('Fast CDN and DNS');
    setHeadMeta('description', 'Another');
    expect(meta('description')?.content).toBe('Another');
    setHeadMeta('description', '');
    expect(meta('description')?.content).toBe(SHIPPED);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });

  it('adds keywords the page did not ship while set, and removes them once emptied', () => {
    setHeadMeta('keywords', '');
    expect(meta('keywords')).toBeNull();
    setHeadMeta('keywords', 'cdn, dns');
    expect(meta('keywords')?.content).toBe('cdn, dns');
    setHeadMeta('keywords', '');
    expect(meta('keywords')).toBeNull();
  });
});
