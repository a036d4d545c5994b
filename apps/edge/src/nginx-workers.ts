import fs from 'node:fs/promises';
import { sleep } from './log';

/*
 * After a reload, nginx starts new workers and only then tells the old ones to quit; until an
 * old worker handles that, it still accepts connections with the old config. So "the control
 * server answers the new version" is not yet "every new connection gets it": the workers that
 * were accepting before the reload must have left (or retitled themselves "is shutting down",
 * which nginx does in the same step as closing their listening sockets).
 */
const ACCEPTING = 'nginx: worker process';
const MASTER = 'nginx: master process';

/** A process of ours; `accepting`: it still holds listening sockets (the ports a restart needs). */
export interface Proc {
  pid: number;
  accepting: boolean;
}

async function parentOf(pid: string): Promise<number | undefined> {
  const text = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (!text) return undefined;
  // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so split after the last ')'.
  return Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]);
}

const titleOf = async (pid: string) =>
  (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0')[0]?.trim() ?? '';

const pids = async () =>
  (await fs.readdir('/proc').catch(() => [] as string[])).filter((e) => /^\d+$/.test(e));

/** The pids of a master's workers that still accept connections; [] where /proc is unreadable. */
export async function acceptingWorkers(masterPid: number | undefined): Promise<number[]> {
  if (!masterPid) return [];
  const found: number[] = [];
  for (const pid of await pids()) {
    if ((await parentOf(pid)) !== masterPid) continue;
    if ((await titleOf(pid)) === ACCEPTING) found.push(Number(pid));
  }
  return found;
}

/**
 * Whether a process holds a file under `dir` open: every process of the nginx an agent drives
 * holds its error and access logs, which live in that agent's data dir and nowhere else. The
 * one mark that survives the master (workers of a killed master are re-parented to init).
 */
async function holdsFileUnder(pid: string, dir: string): Promise<boolean> {
  const fds = await fs.readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
  for (const fd of fds) {
    const target = await fs.readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    if (target.startsWith(dir)) return true;
  }
  return false;
}

/**
 * nginx processes of ours (they hold files in `dataDir`) that are neither the live master nor
 * its children: what `kill -9` of a master leaves behind. Its workers keep serving the old
 * config and keep the ports bound, so no new master can start. Other nginx instances on the
 * machine (the system's, another agent's) hold no file of ours and are never listed.
 */
export async function strayProcesses(liveMaster: number | undefined, dataDir: string): Promise<Proc[]> {
  const dir = `${dataDir.replace(/\/+$/, '')}/`;
  const found: Proc[] = [];
  for (const pid of await pids()) {
    const title = await titleOf(pid);
    if (!title.startsWith('nginx: ') || Number(pid) === liveMaster) continue;
    const ppid = await parentOf(pid);
    if (ppid === undefined || (liveMaster !== undefined && ppid === liveMaster)) continue;
    if (!(await holdsFileUnder(pid, dir))) continue;
    // A lost master still has its listening sockets, like a worker not yet told to quit.
    found.push({ pid: Number(pid), accepting: title === ACCEPTING || title.startsWith(MASTER) });
  }
  return found;
}

const signal = (pid: number, name: NodeJS.Signals) => {
  try {
    process.kill(pid, name);
  } catch {
    // Gone already: what we wanted.
  }
};

/**
 * Stops the stray processes: SIGQUIT first (a worker closes its listening sockets at once and
 * finishes the requests it has), SIGKILL for any still accepting after `graceMs`. Answers the
 * pids it signalled.
 */
export async function reapStrays(
  liveMaster: number | undefined,
  dataDir: string,
  graceMs = 5_000,
): Promise<number[]> {
  const strays = await strayProcesses(liveMaster, dataDir);
  if (strays.length === 0) return [];
  for (const { pid } of strays) signal(pid, 'SIGQUIT');
  const signalled = new Set(strays.map((s) => s.pid));
  const stillAccepting = async () =>
    (await strayProcesses(liveMaster, dataDir)).filter((s) => s.accepting && signalled.has(s.pid));
  const deadline = Date.now() + graceMs;
  while ((await stillAccepting()).length > 0 && Date.now() < deadline) await sleep(50);
  for (const { pid } of await stillAccepting()) signal(pid, 'SIGKILL');
  return [...signalled];
}
