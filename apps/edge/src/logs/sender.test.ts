import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../api-client';
import { stateStore, type StateStore } from './log-state';
import { sender } from './sender';
import { spool, type Spool } from './spool';

let dir: string;
let sp: Spool;
let store: StateStore;
const sent: { id: string; lines: string[]; dropped: number }[] = [];
let answer: (id: string) => Error | undefined;
/** While set, sends wait for it (a batch in flight). */
let gate: Promise<void> | undefined;
const logged: string[] = [];

const body = (count: number, tag: string) =>
  Buffer.from(Array.from({ length: count }, (_, i) => `{"n":"${tag}${i}"}\n`).join(''));
/** Spools a batch of `count` lines (about `count * 12` bytes before compression). */
const put = (start: number, count: number) =>
  sp.write(0, { start, end: start + 1, lines: count, body: body(count, `${start}:`) });

function make(spoolBytes = 1 << 30) {
  return sender({
    label: 'request log',
    spool: sp,
    store,
    spoolBytes,
    log: (line) => logged.push(line),
    stopped: () => false,
    send: async (id, gz, dropped) => {
      await gate;
      const error = answer(id);
      if (error) throw error;
      sent.push({ id, lines: zlib.gunzipSync(gz).toString().split('\n').filter(Boolean), dropped });
    },
  });
}

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-sender-'));
  sp = spool(path.join(dir, 'spool'));
  await sp.prepare();
  store = stateStore(path.join(dir, 'state.json'), { generation: 0, offset: 0, dropped: 0 });
  sent.length = 0;
  logged.length = 0;
  answer = () => undefined;
  gate = undefined;
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

describe('the log sender', () => {
  it('sends the spool oldest first (by number, not name) and removes what was stored', async () => {
    for (const start of [10, 9, 100]) await put(start, 2);
    const s = make();
    while ((await s.sendOne()) !== 'empty');
    expect(sent.map((b) => b.id)).toEqual(['0-9', '0-10', '0-100']);
    expect(sent[0]!.lines).toEqual(['{"n":"9:0"}', '{"n":"9:1"}']);
    expect(await sp.list()).toEqual([]);
  });

  it('keeps a batch the console did not answer, and sends it again with the same id', async () => {
    await put(0, 3);
    answer = () => new NetworkError('edge/v1/logs: HTTP 502');
    const s = make();
    await expect(s.sendOne()).rejects.toThrow(/502/);
    expect((await sp.list()).map((e) => e.id)).toEqual(['0-0']);
    answer = () => undefined;
    expect(await s.sendOne()).toBe('sent');
    expect(sent.map((b) => b.id)).toEqual(['0-0']);
  });

  it('drops a batch the console refuses, counting its lines, so it never blocks the queue', async () => {
    await put(0, 4);
    await put(50, 2);
    answer = (id) => (id === '0-0' ? new ApiError('edge/v1/logs: 400 bad batch', 400) : undefined);
    const s = make();
    expect(await s.sendOne()).toBe('refused');
    expect(store.state).toMatchObject({ dropped: 4, droppedLast: '0-0' });
    expect(logged.join('\n')).toMatch(/refused batch 0-0 .*400 bad batch.* 4 lines are dropped/);
    expect(await s.sendOne()).toBe('sent');
    // The next stored batch tells the console; then the count starts again from zero.
    expect(sent).toEqual([expect.objectContaining({ id: '0-50', dropped: 4 })]);
    expect(store.state.dropped).toBe(0);
    expect(JSON.parse(await fs.readFile(path.join(dir, 'state.json'), 'utf8'))).toMatchObject({ dropped: 0 });
  });

  it('drops the oldest batches beyond the spool bound and reports their lines with the next batch', async () => {
    for (let i = 0; i < 6; i++) await put(i * 1000, 10 + i);
    const sizes = (await sp.list()).map((e) => e.bytes);
    const keep = sizes.slice(-2).reduce((a, b) => a + b, 0);
    const s = make(keep);
    await s.dropOverflow();
    expect((await sp.list()).map((e) => e.id)).toEqual(['0-4000', '0-5000']);
    expect(store.state.dropped).toBe(10 + 11 + 12 + 13);
    expect(logged.filter((l) => /spool is over/.test(l))).toHaveLength(1);
    // Still over after more batches: dropped again, but said once.
    await put(6000, 1);
    await s.dropOverflow();
    expect(store.state.dropped).toBe(10 + 11 + 12 + 13 + 14);
    expect(logged.filter((l) => /spool is over/.test(l))).toHaveLength(1);
    while ((await s.sendOne()) !== 'empty');
    expect(sent.map((b) => [b.id, b.dropped])).toEqual([
      ['0-5000', 60],
      ['0-6000', 0],
    ]);
  });

  it('never drops the batch in flight', async () => {
    await put(0, 5);
    await put(100, 6);
    let release!: () => void;
    gate = new Promise<void>((resolve) => (release = resolve));
    const s = make(1);
    const first = s.sendOne();
    await new Promise((r) => setTimeout(r, 50));
    await s.dropOverflow();
    release();
    expect(await first).toBe('sent');
    // The other one went over the bound; the one being sent was delivered, not counted as dropped.
    expect(store.state.dropped).toBe(6);
    expect(sent.map((b) => b.id)).toEqual(['0-0']);
    expect(await sp.list()).toEqual([]);
  });
});
