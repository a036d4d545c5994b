import net from 'node:net';

/** How long a port may take to accept a connection before it counts as failed. */
export const PROBE_CONNECT_TIMEOUT_MS = 2_000;

/** True when `host:port` accepts a TCP connection within the timeout (then closed at once). */
export function tcpAnswers(
  host: string,
  port: number,
  timeoutMs = PROBE_CONNECT_TIMEOUT_MS,
): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (answered: boolean) => {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The ports of `host` that did not answer, all tried at once. */
export async function failedPorts(host: string, ports: readonly number[]): Promise<number[]> {
  const answers = await Promise.all(ports.map((port) => tcpAnswers(host, port)));
  return ports.filter((_, index) => !answers[index]);
}

/** Nodes probed at once: enough for a fleet within one interval, few enough to spare file handles. */
export const PROBE_PARALLEL_NODES = 64;

/** Each node's failed ports, PROBE_PARALLEL_NODES nodes at a time. */
export async function probeNodes(
  nodes: readonly { id: number; host: string }[],
  ports: readonly number[],
): Promise<Map<number, number[]>> {
  const failed = new Map<number, number[]>();
  let next = 0;
  const worker = async () => {
    while (next < nodes.length) {
      const node = nodes[next]!;
      next += 1;
      failed.set(node.id, await failedPorts(node.host, ports));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PROBE_PARALLEL_NODES, nodes.length) }, worker));
  return failed;
}
