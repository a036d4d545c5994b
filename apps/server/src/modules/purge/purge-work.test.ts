import { parsePurgeEntries, type PurgeKind } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import type { MatchedEntry, SiteCandidate } from './purge-match';
import { buildGroupWork } from './purge-work';

const siteA: SiteCandidate = { id: 7, customerId: 1, domain: 'a.test', enabled: true, nodeGroupId: 100 };
const wild: SiteCandidate = { id: 8, customerId: 1, domain: '*.w.test', enabled: true, nodeGroupId: 100 };
const siteB: SiteCandidate = { id: 9, customerId: 1, domain: 'b.test', enabled: true, nodeGroupId: 200 };
const siteFor = (host: string) => (host === 'a.test' ? siteA : host === 'b.test' ? siteB : wild);

function matched(kind: PurgeKind, lines: string[]): MatchedEntry[] {
  const parsed = parsePurgeEntries(kind, lines.join('\n'));
  expect(parsed.problem).toBeUndefined();
  return parsed.entries.map((entry) => ({ entry, site: siteFor(entry.host) }));
}

describe('buildGroupWork', () => {
  it('url: one purge-keys per node group with every key <siteId>|<host><path>', () => {
    const work = buildGroupWork(
      'url',
      matched('url', ['https://a.test/x.js?v=1', 'http://img.w.test/p.png', 'https://b.test/']),
    );
    expect([...work]).toEqual([
      [100, [{ action: 'purge-keys', keys: ['7|a.test/x.js?v=1', '8|img.w.test/p.png'] }]],
      [200, [{ action: 'purge-keys', keys: ['9|b.test/'] }]],
    ]);
  });

  it('dir: purge-prefixes of the directories', () => {
    const work = buildGroupWork('dir', matched('dir', ['https://a.test/img/', 'https://a.test/css/']));
    expect(work.get(100)).toEqual([
      { action: 'purge-prefixes', prefixes: ['7|a.test/img/', '7|a.test/css/'] },
    ]);
  });

  it('site: the host’s root prefix, the one host of a wildcard site', () => {
    const work = buildGroupWork('site', matched('site', ['https://a.test/', 'http://shop.w.test/']));
    expect(work.get(100)).toEqual([{ action: 'purge-prefixes', prefixes: ['7|a.test/', '8|shop.w.test/'] }]);
  });

  it('type: one purge-extensions per directory, extensions of one directory merged', () => {
    const work = buildGroupWork(
      'type',
      matched('type', ['https://a.test/img/*.jpg', 'https://a.test/img/*.PNG', 'https://a.test/*.css']),
    );
    expect(work.get(100)).toEqual([
      { action: 'purge-extensions', prefix: '7|a.test/img/', extensions: ['.jpg', '.png'] },
      { action: 'purge-extensions', prefix: '7|a.test/', extensions: ['.css'] },
    ]);
  });

  it('preheat: the URLs as typed', () => {
    const work = buildGroupWork('preheat', matched('preheat', ['https://a.test/big.mp4', 'http://b.test/x']));
    expect(work.get(100)).toEqual([{ action: 'preheat', urls: ['https://a.test/big.mp4'] }]);
    expect(work.get(200)).toEqual([{ action: 'preheat', urls: ['http://b.test/x'] }]);
  });
});
