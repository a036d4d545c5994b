import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stateStore } from './log-state';
import { spool } from './spool';
import { tailer } from './tailer';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-tailer-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

/** 30,000 lines of 100 bytes: 3 MB, more than one read of the tailer. */
const N = 30_000;
const text = Array.from(
  { length: N },
  (_, i) => `{"n":"${String(i).padStart(8, '0')}","pad":"${'x'.repeat(73)}"}\n`,
).join('');

async function setUp(rotateBytes: number) {
  const requestLog = path.join(dir, 'requests.log');
  await fs.writeFile(requestLog, text);
  const sp = spool(path.join(dir, 'spool'));
  await sp.prepare();
  const store = stateStore(path.join(dir, 'state.json'), { generation: 0, offset: 0, dropped: 0 });
  const tail = tailer({
    file: requestLog,
    label: 'request log',
    spool: sp,
    store,
    rotateBytes,
    reopenLogs: async () => false,
    spooled: async () => undefined,
    log: () => undefined,
  });
  const spooledLines = async () => {
    let lines = 0;
    for (const entry of await sp.list()) lines += await sp.lines(entry.id);
    return lines;
  };
  return { requestLog, store, tail, spooledLines };
}

describe('the log tailer', () => {
  it('reads everything nginx wrote in one look, not one read’s worth (a busy node falls behind)', async () => {
    const { store, tail, spooledLines } = await setUp(2 ** 40);
    await tail.step();
    // 5,000-line batches: all 30,000 lines closed in six.
    expect(await spooledLines()).toBe(N);
    expect(store.state.offset).toBe(text.length);
  });

  it('ships all of a rotated file even when megabytes of it are unread', async () => {
    const { requestLog, store, tail, spooledLines } = await setUp(1024 * 1024);
    await tail.step();
    expect(await spooledLines()).toBe(N);
    expect(store.state).toEqual({ generation: 1, offset: 0, dropped: 0 });
    expect(await fs.readdir(dir)).not.toContain(`${path.basename(requestLog)}.0`);
  });
});
