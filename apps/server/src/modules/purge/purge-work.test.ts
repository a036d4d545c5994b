import { parsePurgeEntries, type PurgeKind } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import type { MatchedEntry, SiteCandidate } from './purge-match';
import { buildGroupWork, preheatUrl } from './purge-work';

const ports = { http: [80], https: [443] };
const siteA: SiteCandidate = {
  id: 7,
  customerId: 1,
  domain: 'a.test',
  enabled: true,
  nodeGroupId: 100,
  ports,
};
const wild: SiteCandidate = {
  id: 8,
  customerId: 1,
  domain: '*.w.test',
  enabled: true,
  nodeGroupId: 100,
  ports,
};
const siteB: SiteCandidate = {
  id: 9,
  customerId: 1,
  domain: 'b.test',
  enabled: true,
  nodeGroupId: 200,
  ports,
};
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

  it('preheat: the URLs as typed, on the site’s own ports', () => {
    const work = buildGroupWork('preheat', matched('preheat', ['https://a.test/big.mp4', 'http://b.test/x']));
    expect(work.get(100)).toEqual([{ action: 'preheat', urls: ['https://a.test/big.mp4'] }]);
    expect(work.get(200)).toEqual([{ action: 'preheat', urls: ['http://b.test/x'] }]);
  });

  it('preheat never goes to a port the site does not listen on', () => {
    const on = (http: number[], https: number[]) => ({ ...siteA, ports: { http, https } });
    const url = (raw: string, site: SiteCandidate) =>
      preheatUrl({ entry: parsePurgeEntries('preheat', raw).entries[0]!, site });
    expect(url('http://a.test:5432/x', on([80], []))).toBe('http://a.test/x');
    expect(url('http://a.test:8089/x?y=1', on([8080, 81], []))).toBe('http://a.test:81/x?y=1');
    expect(url('http://a.test:8080/x', on([8080, 81], []))).toBe('http://a.test:8080/x');
    expect(url('https://a.test:22/x', on([80], [8443]))).toBe('https://a.test:8443/x');
    expect(url('https://a.test/x', on([80], []))).toBe('http://a.test/x');
  });
});

describe('purge keys follow the site’s query mode', () => {
  const ignoring: SiteCandidate = { ...siteA, cacheQuery: { mode: 'ignore', params: [] } };
  const including: SiteCandidate = { ...siteA, cacheQuery: { mode: 'include', params: ['v'] } };
  const entries = (kind: PurgeKind, lines: string[], site: SiteCandidate) =>
    parsePurgeEntries(kind, lines.join('\n')).entries.map((entry) => ({ entry, site }));

  it('url: the key the edge stored, query ignored or reduced to the kept parameters', () => {
    expect(buildGroupWork('url', entries('url', ['http://a.test/a.jpg?x=1'], ignoring)).get(100)).toEqual([
      { action: 'purge-keys', keys: ['7|a.test/a.jpg'] },
    ]);
    expect(
      buildGroupWork('url', entries('url', ['http://a.test/a.jpg?x=1&v=2'], including)).get(100),
    ).toEqual([{ action: 'purge-keys', keys: ['7|a.test/a.jpg?v=2'] }]);
  });

  it('directories stay plain prefixes', () => {
    expect(buildGroupWork('dir', entries('dir', ['http://a.test/img/'], including)).get(100)).toEqual([
      { action: 'purge-prefixes', prefixes: ['7|a.test/img/'] },
    ]);
  });
});
