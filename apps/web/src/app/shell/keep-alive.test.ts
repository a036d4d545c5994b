import { describe, expect, it } from 'vitest';
import { KEEP_ALIVE_MAX, keepVisited, refreshPath, refreshTarget, type KeptView } from './keep-alive';

const visit = (views: KeptView<number>[], key: string, value = 0) => keepVisited(views, { key, value });
const keys = (views: KeptView<number>[]) => views.map((v) => v.key);

describe('keepVisited', () => {
  it('keeps views in visiting order, a revisit moving to the end with its new value', () => {
    let views = visit(visit(visit([], '/a'), '/b'), '/c');
    views = visit(views, '/a', 7);
    expect(keys(views)).toEqual(['/b', '/c', '/a']);
    expect(views.at(-1)?.value).toBe(7);
  });

  it(`keeps at most ${KEEP_ALIVE_MAX}, dropping the least recently visited`, () => {
    let views: KeptView<number>[] = [];
    for (let i = 1; i <= 12; i++) views = visit(views, `/p${i}`);
    expect(views).toHaveLength(KEEP_ALIVE_MAX);
    expect(keys(views)[0]).toBe('/p3');
    expect(keys(visit(views, '/p3')).at(-1)).toBe('/p3');
  });

  it('treats a different query as a different view', () => {
    expect(keys(visit(visit([], '/m?id=1'), '/m?id=2'))).toEqual(['/m?id=1', '/m?id=2']);
  });
});

describe('refresh through /redirect/<path> (spec §2)', () => {
  it('names the page to open afresh, with its query', () => {
    expect(refreshPath('/cdn/message?page=2')).toBe('/redirect/cdn/message?page=2');
    expect(refreshTarget('/redirect/cdn/message', '?page=2')).toBe('/cdn/message?page=2');
  });

  it('leaves every other location alone', () => {
    expect(refreshTarget('/cdn/message', '')).toBeNull();
    expect(refreshTarget('/redirected', '')).toBeNull();
  });
});
