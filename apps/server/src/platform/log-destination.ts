const BATCH_BYTES = 8 * 1024;
const FLUSH_EVERY_MS = 500;

/**
 * Where the server log goes: stdout, in batches. A line waits until 8 KB are queued or at most
 * half a second; a write per line (pino's default) would cost every request a system call of
 * its own, about a fifth of a cached userinfo. What is queued is written when the process
 * exits, a crash included (stdout writes to files and pipes are synchronous on Linux); only a
 * `kill -9` can lose the last half second.
 */
export function logDestination(out: { write(chunk: string): unknown } = process.stdout) {
  let queued: string[] = [];
  let bytes = 0;
  const flush = () => {
    if (queued.length === 0) return;
    const chunk = queued.join('');
    queued = [];
    bytes = 0;
    out.write(chunk);
  };
  setInterval(flush, FLUSH_EVERY_MS).unref();
  process.once('exit', flush);
  return {
    write(line: string) {
      queued.push(line);
      bytes += line.length;
      if (bytes >= BATCH_BYTES) flush();
    },
    flush,
  };
}
