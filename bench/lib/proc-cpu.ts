import fs from 'node:fs';

/*
 * CPU time of other processes, from /proc/<pid>/stat (utime + stime, every thread of the
 * process; Linux only). Measured from outside, so the load generator's own work is not counted.
 */

/** Clock ticks per second of /proc's times: 100 on every Linux architecture Node runs on. */
const TICKS_PER_SECOND = 100;

interface ProcStat {
  comm: string;
  ppid: number;
  cpuSeconds: number;
}

function stat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name is in parentheses and may itself hold spaces or parentheses.
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  const fields = text.slice(close + 2).split(' ');
  // Fields from the 3rd (state): ppid is the 4th, utime the 14th, stime the 15th.
  return {
    comm,
    ppid: Number(fields[1]),
    cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
  };
}

/** CPU seconds a process has used so far (0 once it is gone). */
export function cpuSeconds(pid: number): number {
  return stat(pid)?.cpuSeconds ?? 0;
}

/** Processes below `pid` (children, theirs, …) whose command is `comm`. */
export function descendants(pid: number, comm: string): number[] {
  const all = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .flatMap((p) => {
      const s = stat(p);
      return s ? [{ pid: p, ...s }] : [];
    });
  const below = new Set([pid]);
  // Parents come and go in any order in /proc: repeat until no new child joins.
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all)
      if (!below.has(p.pid) && below.has(p.ppid)) {
        below.add(p.pid);
        grew = true;
      }
  }
  return all.filter((p) => p.pid !== pid && below.has(p.pid) && p.comm === comm).map((p) => p.pid);
}

/** CPU seconds of several processes together. */
export const totalCpuSeconds = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);

/** The soft limit on open files of this process (and of the consoles it starts, which inherit it). */
export function openFilesLimit(): number {
  const line = fs
    .readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = line?.split(/\s{2,}/)[1];
  return soft === undefined || soft === 'unlimited' ? Infinity : Number(soft);
}
