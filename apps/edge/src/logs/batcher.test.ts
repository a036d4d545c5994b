import { describe, expect, it } from 'vitest';
import { BATCH_LIMITS, Batcher, completeLines } from './batcher';
import { EDGE_LOG_MAX_BODY_BYTES } from '@nimbus/contract';
import zlib from 'node:zlib';
import crypto from 'node:crypto';

const lines = (from: number, count: number) =>
  Buffer.from(Array.from({ length: count }, (_, i) => `{"n":"${from + i}"}\n`).join(''));
const limits = { lines: 3, bytes: 1000, ageMs: 2000 };

describe('Batcher', () => {
  it('closes a batch at the line limit; the next starts where it ended', () => {
    const b = new Batcher(100, limits);
    const closed = b.add(lines(0, 7), 0);
    expect(closed.map((c) => [c.start, c.end, c.lines])).toEqual([
      [100, 100 + 3 * 10, 3],
      [130, 160, 3],
    ]);
    expect(closed[1]!.body.toString()).toBe(lines(3, 3).toString());
    expect(b.open).toBe(1);
    expect(b.end).toBe(170);
  });

  it('closes a batch when its first line is old enough, not before', () => {
    const b = new Batcher(0, limits);
    b.add(lines(0, 1), 1000);
    b.add(lines(1, 1), 2500);
    expect(b.due(2999)).toBeUndefined();
    const due = b.due(3000)!;
    expect([due.start, due.end, due.lines]).toEqual([0, 20, 2]);
    // The age runs from the next batch's own first line.
    b.add(lines(2, 1), 3500);
    expect(b.due(5000)).toBeUndefined();
    expect(b.due(5500)?.lines).toBe(1);
    expect(b.due(99_999)).toBeUndefined();
  });

  it('closes a batch before a line would take it over the byte limit', () => {
    const b = new Batcher(0, { lines: 100, bytes: 25, ageMs: 1000 });
    const closed = b.add(lines(0, 5), 0);
    expect(closed.map((c) => c.lines)).toEqual([2, 2]);
    expect(closed.every((c) => c.body.length <= 25)).toBe(true);
  });

  it('keeps the compressed body under the contract’s limit even for incompressible lines', () => {
    const b = new Batcher(0);
    const random = Buffer.from(
      Array.from({ length: 700 }, () => `{"ua":"${crypto.randomBytes(9000).toString('base64')}"}\n`).join(''),
    );
    const [first] = b.add(random, 0);
    expect(first!.lines).toBeLessThan(700);
    expect(zlib.gzipSync(first!.body).length).toBeLessThanOrEqual(EDGE_LOG_MAX_BODY_BYTES);
    expect(BATCH_LIMITS.lines).toBe(5000);
  });

  it('takes complete lines only: a partial last line waits for its end', () => {
    const read = Buffer.from('{"n":"1"}\n{"n":"2"}\n{"n":"3');
    expect(completeLines(read).toString()).toBe('{"n":"1"}\n{"n":"2"}\n');
    expect(completeLines(Buffer.from('{"n":')).length).toBe(0);
    expect(() => new Batcher(0, limits).add(read, 0)).toThrow(/complete lines/);
  });

  it('skips bytes that are not a line, after closing the open batch', () => {
    const b = new Batcher(0, limits);
    b.add(lines(0, 1), 0);
    expect(b.skip(50)?.lines).toBe(1);
    expect(b.end).toBe(60);
    expect(b.skip(5)).toBeUndefined();
    expect(b.end).toBe(65);
  });
});
