// What must not outlive the benchmark (edge agents, their nginx, temporary dirs) is also
// stopped when the run is interrupted, not only by the `finally` of a failed section.
const tasks = new Set<() => Promise<void> | void>();

/** Runs `task` on SIGINT/SIGTERM until the returned function unregisters it. */
export function onInterrupt(task: () => Promise<void> | void): () => void {
  tasks.add(task);
  return () => tasks.delete(task);
}

/**
 * Once, at the start of the run: a signal runs every registered task, then exits. A Ctrl-C
 * reaches this process twice (from the terminal, and relayed by npm and tsx): repeats are ignored
 * while the cleanup runs instead of killing it halfway.
 */
export function installInterruptCleanup(): void {
  let cleaning = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (cleaning) return;
      cleaning = true;
      console.log(`\n${signal}: stopping what the benchmark started…`);
      void Promise.allSettled([...tasks].map(async (task) => task())).finally(() => process.exit(130));
    });
  }
}

/** Makes a stop function safe to call from both a `finally` and an interrupt. */
export function once(stop: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= stop());
}
