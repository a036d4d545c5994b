import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

export interface Child {
  process: ChildProcess;
  /** The last 64 KB of what the child printed. */
  output(): string;
  waitFor(text: string, timeoutMs: number): Promise<void>;
  /** SIGTERM and wait for the exit; SIGKILL only when it does not stop in time. */
  stop(timeoutMs?: number): Promise<number | null>;
}

const OUTPUT_TAIL = 64 * 1024;

/**
 * Runs a TypeScript entry point with Node and the tsx loader. Its stdout and stderr go straight
 * to `logFile`, not through a pipe into this process: under load a server's request log would
 * otherwise cost the benchmark process (which also drives the load) CPU time, skewing results.
 */
export function startTsChild(
  entry: string,
  options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string; args?: string[] },
): Child {
  const fd = fs.openSync(options.logFile, 'w');
  // BENCH_PROFILE_DIR: each child writes a V8 CPU profile there when it exits (open in DevTools).
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', entry, ...(options.args ?? [])], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const output = () => {
    const size = fs.statSync(options.logFile).size;
    const start = Math.max(0, size - OUTPUT_TAIL);
    const buffer = Buffer.alloc(size - start);
    const file = fs.openSync(options.logFile, 'r');
    try {
      fs.readSync(file, buffer, 0, buffer.length, start);
    } finally {
      fs.closeSync(file);
    }
    return buffer.toString();
  };

  return {
    process: child,
    output,
    async waitFor(text, timeoutMs) {
      const started = Date.now();
      while (!output().includes(text)) {
        if (child.exitCode !== null) throw new Error(`${entry} exited early:\n${output()}`);
        if (Date.now() - started > timeoutMs)
          throw new Error(`timed out waiting for "${text}" from ${entry}:\n${output()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop(timeoutMs = 30_000) {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
