import { parsePurgeEntries } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { candidateDomains, matchEntries, siteForHost, type SiteCandidate } from './purge-match';

const ME = 1;
const site = (id: number, domain: string, over: Partial<SiteCandidate> = {}): SiteCandidate => ({
  id,
  customerId: ME,
  domain,
  enabled: true,
  nodeGroupId: 10,
  ports: { http: [80], https: [] },
  ...over,
});

describe('candidateDomains', () => {
  it('offers the host, then the wildcard one label up', () => {
    expect(candidateDomains('a.example.com')).toEqual(['a.example.com', '*.example.com']);
    expect(candidateDomains('x.a.example.com')).toEqual(['x.a.example.com', '*.a.example.com']);
  });
  it('never offers a wildcard over a top-level domain', () => {
    expect(candidateDomains('example.com')).toEqual(['example.com']);
  });
});

describe('siteForHost', () => {
  const wildcard = site(1, '*.example.com');
  const exact = site(2, 'www.example.com');
  it('matches a wildcard site by exactly one more label', () => {
    expect(siteForHost('a.example.com', [wildcard])).toBe(wildcard);
    expect(siteForHost('x.a.example.com', [wildcard])).toBeUndefined();
    expect(siteForHost('example.com', [wildcard])).toBeUndefined();
  });
  it('prefers the exact site over a wildcard, in either order', () => {
    expect(siteForHost('www.example.com', [wildcard, exact])).toBe(exact);
    expect(siteForHost('www.example.com', [exact, wildcard])).toBe(exact);
    expect(siteForHost('img.example.com', [exact, wildcard])).toBe(wildcard);
  });
  it('finds nothing for an unknown host', () => {
    expect(siteForHost('other.test', [wildcard, exact])).toBeUndefined();
  });
});

describe('matchEntries', () => {
  const text = [
    'https://www.mine.test/a.js',
    'http://www.mine.test/a.js',
    'https://any.wild.test/b.css',
    'https://www.theirs.test/c',
    'https://nobody.test/d',
    'https://off.mine.test/e',
  ].join('\n');
  const parsed = parsePurgeEntries('url', text);
  const sites = [
    site(1, 'www.mine.test'),
    site(2, '*.wild.test', { nodeGroupId: 11 }),
    site(3, 'www.theirs.test', { customerId: 2 }),
    site(4, 'off.mine.test', { enabled: false }),
  ];

  it('keeps own enabled sites and lists the rest as ignored with a reason', () => {
    const { accepted, ignored } = matchEntries(ME, parsed.entries, parsed.duplicates, sites);
    expect(accepted.map((a) => [a.entry.raw, a.site.id])).toEqual([
      ['https://www.mine.test/a.js', 1],
      ['https://any.wild.test/b.css', 2],
    ]);
    expect(ignored).toEqual([
      { entry: 'https://www.theirs.test/c', reason: 'notYours' },
      { entry: 'https://nobody.test/d', reason: 'notYours' },
      { entry: 'https://off.mine.test/e', reason: 'disabled' },
      { entry: 'http://www.mine.test/a.js', reason: 'duplicate' },
    ]);
  });

  it('does not purge through an own wildcard a host another customer holds exactly', () => {
    const entries = parsePurgeEntries('url', 'https://shop.wild.test/x').entries;
    const theirs = site(9, 'shop.wild.test', { customerId: 2 });
    const { accepted, ignored } = matchEntries(ME, entries, [], [site(2, '*.wild.test'), theirs]);
    expect(accepted).toEqual([]);
    expect(ignored).toEqual([{ entry: 'https://shop.wild.test/x', reason: 'notYours' }]);
  });
});
