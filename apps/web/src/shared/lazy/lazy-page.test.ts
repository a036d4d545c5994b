import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, withTimeout } from './lazy-page';

describe('withTimeout (spec §9 chunk load timeout)', () => {
  afterEach(() => vi.useRealTimers());

  it('is 120 s', () => expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000));

  it('passes a value through in time', async () => {
    await expect(withTimeout(Promise.resolve(5), 1000)).resolves.toBe(5);
  });

  it('fails with a timed-out ChunkLoadError when the chunk never arrives', async () => {
    vi.useFakeTimers();
    const pending = withTimeout(new Promise(() => {}), CHUNK_LOAD_TIMEOUT_MS);
    const check = expect(pending).rejects.toMatchObject({ name: 'ChunkLoadError', timedOut: true });
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    await check;
  });

  it('wraps an import failure in a ChunkLoadError that did not time out', async () => {
    const failed = withTimeout(
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      1000,
    );
    await expect(failed).rejects.toMatchObject({ name: 'ChunkLoadError', timedOut: false });
  });
});

describe('isChunkLoadError', () => {
  it('recognises the browsers’ wordings and our own error', () => {
    expect(isChunkLoadError(new ChunkLoadError('x', true))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
