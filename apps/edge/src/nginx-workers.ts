import fs from 'node:fs/promises';

/*
 * After a reload, nginx starts new workers and only then tells the old ones to quit; until an
 * old worker handles that, it still accepts connections with the old config. So "the control
 * server answers the new version" is not yet "every new connection gets it": the workers that
 * were accepting before the reload must have left (or retitled themselves "is shutting down",
 * which nginx does in the same step as closing their listening sockets).
 */
const ACCEPTING = 'nginx: worker process';

async function stat(pid: string): Promise<{ ppid: number } | undefined> {
  const text = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (!text) return undefined;
  // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so split after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]) };
}

/** The pids of a master's workers that still accept connections; [] where /proc is unreadable. */
export async function acceptingWorkers(masterPid: number | undefined): Promise<number[]> {
  if (!masterPid) return [];
  const entries = await fs.readdir('/proc').catch(() => [] as string[]);
  const found: number[] = [];
  for (const pid of entries) {
    if (!/^\d+$/.test(pid) || (await stat(pid))?.ppid !== masterPid) continue;
    const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.split('\0')[0]?.trim() === ACCEPTING) found.push(Number(pid));
  }
  return found;
}
