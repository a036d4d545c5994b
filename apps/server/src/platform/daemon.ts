import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** A server program Nimbus runs beside itself (PowerDNS Authoritative, PowerDNS Recursor). */
export interface Daemon {
  /** The last lines it printed, for an error that says what went wrong. */
  output(): string;
  /** Whether it is still running. */
  running(): boolean;
  stop(): Promise<void>;
}

export interface DaemonOptions {
  command: string;
  args: string[];
  /** Resolves once the program serves (its API answers); polled until `timeoutMs`. */
  ready: () => Promise<boolean>;
  timeoutMs?: number;
}

const KEPT_OUTPUT_CHARS = 8_000;

/** The path of `command` on PATH or in the sbin folders Debian installs servers to, if any. */
export function findProgram(command: string): string | undefined {
  const folders = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const folder of folders.filter(Boolean)) {
    const candidate = `${folder}/${command}`;
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts `command` and waits until `ready` says it serves. Throws with the program's own output
 * when it exits first or does not become ready in time (a taken port, a bad setting).
 */
export async function startDaemon(options: DaemonOptions): Promise<Daemon> {
  let output = '';
  const child = spawn(options.command, options.args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-KEPT_OUTPUT_CHARS);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));
  const daemon: Daemon = {
    output: () => output,
    running: () => child.exitCode === null && child.signalCode === null && !spawnError,
    stop: () => stopChild(child),
  };

  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    if (!daemon.running()) {
      const reason = spawnError?.message ?? `exited with ${child.exitCode ?? child.signalCode}`;
      throw new Error(`${options.command} ${reason}:\n${output.trim()}`);
    }
    if (await options.ready().catch(() => false)) return daemon;
    if (Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`${options.command} did not start in time:\n${output.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
