import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLogState, stateStore, type StateStore } from './log-state';
import { sender } from './sender';
import { recoverOffset, requestLogKind, runShipper } from './shipper';
import { spool, type Spool } from './spool';
import { tailer } from './tailer';

/*
 * The shipper's parts as runShipper wires them, driven step by step on a fake clock, with a
 * "kill -9" after any one durable step: the next start reads only what is on disk.
 */
let dir: string;
let requestLog: string;
const LINES = Array.from({ length: 40 }, (_, i) => `{"site":"1","n":"${String(i).padStart(3, '0')}"}`);

class Crash extends Error {}

/** What the console keeps: one body per batch id (a batch sent again is stored once). */
function receiver() {
  const batches = new Map<string, string>();
  return {
    batches,
    store(id: string, gz: Uint8Array) {
      const text = zlib.gunzipSync(gz).toString();
      // A batch id names the same lines whenever it is sent.
      if (batches.has(id)) expect(text).toBe(batches.get(id));
      batches.set(id, text);
    },
    lines: () =>
      [...batches.entries()]
        .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
        .flatMap(([, text]) => text.split('\n').filter(Boolean)),
  };
}

/**
 * nginx's side: appends of 50 bytes (most end inside a line) to the file it opened; a reopen
 * first finishes the line in hand into the old file, as nginx flushes its buffer before it.
 */
function writer(text: string) {
  let at = 0;
  let handle: Promise<fs.FileHandle> = fs.open(requestLog, 'a');
  return {
    done: () => at >= text.length,
    async append() {
      await (await handle).appendFile(text.slice(at, at + 50));
      at += 50;
    },
    async reopen() {
      const end = text.indexOf('\n', at - 1) + 1;
      if (at > 0 && end > at) await (await handle).appendFile(text.slice(at, end));
      at = Math.max(at, end);
      await (await handle).close();
      handle = fs.open(requestLog, 'a');
    },
    close: async () => (await handle).close(),
  };
}

/** One agent start: the parts over the files, every durable step counted (and maybe the last). */
async function start(
  ops: { count: number; crashAt: number },
  console: ReturnType<typeof receiver>,
  now: () => number,
  nginx: ReturnType<typeof writer>,
) {
  const step = () => {
    if (++ops.count === ops.crashAt) throw new Crash(`crash after step ${ops.count}`);
  };
  const real = spool(path.join(dir, 'spool'));
  const sp: Spool = {
    ...real,
    write: async (generation, batch) => {
      const id = await real.write(generation, batch);
      step();
      return id;
    },
    remove: async (id) => {
      await real.remove(id);
      step();
    },
  };
  const file = path.join(dir, 'log-state.json');
  const inner = stateStore(file, await readLogState(file));
  const store: StateStore = {
    state: inner.state,
    save: async () => {
      await inner.save();
      step();
    },
  };
  await sp.prepare();
  await recoverOffset(store, sp);
  const send = sender({
    label: 'request log',
    spool: sp,
    store,
    spoolBytes: 1 << 30,
    log: () => undefined,
    stopped: () => false,
    send: async (id, gz) => {
      console.store(id, gz);
      step();
    },
  });
  const tail = tailer({
    file: requestLog,
    label: 'request log',
    spool: sp,
    store,
    rotateBytes: 300,
    // false: the lines are in the renamed file already, nothing to wait for.
    reopenLogs: async () => {
      await nginx.reopen();
      step();
      return false;
    },
    spooled: () => send.dropOverflow(),
    log: () => undefined,
    limits: { lines: 4, bytes: 1 << 20, ageMs: 1000 },
    now,
  });
  await tail.recover();
  return { send, tail, store };
}

async function ship(crashAt: number) {
  const console = receiver();
  const ops = { count: 0, crashAt };
  let clock = 0;
  const now = () => clock;
  const nginx = writer(LINES.map((l) => `${l}\n`).join(''));
  let agent: Awaited<ReturnType<typeof start>> | undefined;
  let crashes = 0;
  // A start can crash too (recovery writes): then the agent starts again.
  const run = async (work: (a: NonNullable<typeof agent>) => Promise<void>) => {
    for (;;) {
      try {
        agent ??= await start(ops, console, now, nginx);
        await work(agent);
        return;
      } catch (error) {
        if (!(error instanceof Crash)) throw error;
        crashes++;
        agent = undefined;
      }
    }
  };
  while (!nginx.done()) {
    await nginx.append();
    clock += 300;
    await run(async (a) => {
      await a.tail.step();
      while ((await a.send.sendOne()) !== 'empty');
    });
  }
  clock += 5_000;
  await run(async (a) => {
    await a.tail.step();
    while ((await a.send.sendOne()) !== 'empty');
  });
  await nginx.close();
  return { console, ops, crashes, state: agent!.store.state };
}

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-shipper-'));
  requestLog = path.join(dir, 'requests.log');
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

describe('shipping across crashes', () => {
  it('without a crash: every line once, in batches, files rotated and removed', async () => {
    const { console, ops, crashes, state } = await ship(0);
    expect(crashes).toBe(0);
    expect(console.lines()).toEqual(LINES);
    expect(console.batches.size).toBeGreaterThanOrEqual(LINES.length / 4);
    expect(state.generation).toBeGreaterThanOrEqual(2);
    expect(state.dropped).toBe(0);
    expect(ops.count).toBeGreaterThan(30);
    expect((await fs.readdir(dir)).sort()).toEqual(['log-state.json', 'requests.log', 'spool']);
    expect(await fs.readdir(path.join(dir, 'spool'))).toEqual([]);
  });

  it('a kill -9 after any durable step: every line exactly once after dedupe by batch id', async () => {
    const total = (await ship(0)).ops.count;
    for (let crashAt = 1; crashAt <= total; crashAt++) {
      await fs.rm(dir, { recursive: true, force: true });
      await fs.mkdir(dir);
      const { console, crashes, state } = await ship(crashAt);
      expect(crashes, `crash at ${crashAt}`).toBe(1);
      expect(console.lines(), `crash at ${crashAt}`).toEqual(LINES);
      expect(state.dropped).toBe(0);
      expect(await fs.readdir(path.join(dir, 'spool'))).toEqual([]);
      expect((await fs.readdir(dir)).filter((n) => n.startsWith('requests.log.'))).toEqual([]);
    }
    // Every step fsyncs: a busy machine takes a while for all of them.
  }, 120_000);
});

describe('starting the shipper', () => {
  it('resumes past the newest spooled batch when the crash came before the offset was saved', async () => {
    const sp = spool(path.join(dir, 'spool'));
    await sp.prepare();
    await sp.write(2, { start: 0, end: 40, lines: 2, body: Buffer.from('x'.repeat(39) + '\n') });
    await sp.write(2, { start: 40, end: 90, lines: 2, body: Buffer.from('y'.repeat(49) + '\n') });
    await sp.write(1, { start: 900, end: 999, lines: 1, body: Buffer.from('z'.repeat(98) + '\n') });
    const store = stateStore(path.join(dir, 's.json'), { generation: 2, offset: 40, dropped: 0 });
    await recoverOffset(store, sp);
    expect(store.state.offset).toBe(90);
    // A saved offset ahead of the spool (the batches were sent) stays.
    store.state.offset = 500;
    await recoverOffset(store, sp);
    expect(store.state.offset).toBe(500);
  });

  it('removes a batch counted as dropped whose removal a crash cut short', async () => {
    const sp = spool(path.join(dir, 'spool'));
    await sp.prepare();
    await sp.write(0, { start: 0, end: 2, lines: 1, body: Buffer.from('a\n') });
    await sp.write(0, { start: 2, end: 4, lines: 1, body: Buffer.from('b\n') });
    const store = stateStore(path.join(dir, 's.json'), {
      generation: 0,
      offset: 4,
      dropped: 1,
      droppedLast: '0-0',
    });
    await recoverOffset(store, sp);
    expect((await sp.list()).map((e) => e.id)).toEqual(['0-2']);
  });

  it('finishes a rotation left half-way, removes older generations and the old access.log', async () => {
    const logsDir = path.join(dir, 'logs');
    await fs.mkdir(logsDir);
    requestLog = path.join(logsDir, 'requests.log');
    const stateFile = path.join(dir, 'log-state.json');
    await fs.writeFile(stateFile, JSON.stringify({ generation: 4, offset: 6, dropped: 0 }));
    await fs.writeFile(`${requestLog}.4`, 'shipped\nline 1\nline 2\n'.slice(2));
    await fs.writeFile(`${requestLog}.3`, 'old\n');
    await fs.writeFile(requestLog, 'next generation\n');
    await fs.writeFile(path.join(logsDir, 'access.log'), 'never read\n');
    const reopened: number[] = [];
    const logged: string[] = [];
    const layout = { logsDir, requestLog, logSpoolDir: path.join(dir, 'spool'), logStateFile: stateFile };
    await runShipper({
      shipped: requestLogKind(layout, { logs: async () => undefined }, (line) => logged.push(line)),
      config: { logSpoolBytes: 1 << 20, logRotateBytes: 1 << 20 },
      nginx: { reopenLogs: async () => reopened.push(1) > 0 && false },
      log: (line) => logged.push(line),
      stopped: () => true,
    });
    expect(reopened).toHaveLength(1);
    expect((await fs.readdir(logsDir)).sort()).toEqual(['requests.log']);
    const spooled = await spool(path.join(dir, 'spool')).list();
    expect(spooled.map((e) => e.id)).toEqual(['4-6']);
    expect(zlib.gunzipSync(await fs.readFile(path.join(dir, 'spool', '4-6'))).toString()).toBe(
      'line 1\nline 2\n',
    );
    expect(await readLogState(stateFile)).toEqual({ generation: 5, offset: 0, dropped: 0 });
    expect(logged.join('\n')).toMatch(/removed .*access\.log \(11 bytes\)/);
  });
});
