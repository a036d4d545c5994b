import { afterEach, describe, expect, it, vi } from 'vitest';
import { logDestination } from './log-destination';

afterEach(() => vi.useRealTimers());

describe('logDestination', () => {
  it('writes lines in order, in one write per batch: when 8 KB are queued or after half a second', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const destination = logDestination({ write: (chunk: string) => writes.push(chunk) });
    destination.write('a\n');
    destination.write('b\n');
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(500);
    expect(writes).toEqual(['a\nb\n']);
    vi.advanceTimersByTime(500);
    expect(writes).toHaveLength(1);
    const long = 'x'.repeat(8 * 1024 - 1) + '\n';
    destination.write(long);
    expect(writes).toEqual(['a\nb\n', long]);
    destination.write('c\n');
    destination.flush();
    expect(writes.join('')).toBe(`a\nb\n${long}c\n`);
  });
});
