import net from 'node:net';

/*
 * Ports for what tests start and bind later (nginx, PowerDNS, pebble, consoles, PostgreSQL).
 * Integration files run side by side, one per vitest worker. A port the kernel hands out for port 0
 * is closed again before the child binds it, so two workers could be handed the same one. Each worker
 * draws from its own block instead (VITEST_POOL_ID; the main process, where global setup runs, has
 * block 0), below the kernel's ephemeral range (32768 up) that clients' outgoing ports come from, and
 * never hands out the same port twice. A port something already holds (another run on the machine,
 * a child still exiting) is skipped.
 */
const FIRST_PORT = 10_000;
const BLOCK_SIZE = 1_000;
/** 10000–31999: more workers than this share blocks (probing still skips held ports). */
const BLOCKS = 22;

const block = Number(process.env.VITEST_POOL_ID ?? 0) % BLOCKS;
// A random start: the next file in this worker does not reuse the ports the last one just left.
let next = Math.floor(Math.random() * BLOCK_SIZE);

function bindable(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** A port on `host` that no other test worker is given and nothing holds now. */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  for (let tried = 0; tried < BLOCK_SIZE; tried++) {
    const port = FIRST_PORT + block * BLOCK_SIZE + (next++ % BLOCK_SIZE);
    if (await bindable(port, host)) return port;
  }
  throw new Error(`no free port on ${host} in test port block ${block}`);
}
