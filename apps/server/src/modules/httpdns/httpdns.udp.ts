import crypto from 'node:crypto';
import dgram from 'node:dgram';
import net from 'node:net';
import type { HostPort } from '../../integrations/powerdns/embedded';

export class DnsQueryError extends Error {}

const TIMEOUT_MS = 2_000;

interface Pending {
  resolve(reply: Buffer): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * One UDP socket per DNS server for all queries, matched by message id: a socket per query
 * costs a bind and a close each, which at HTTPDNS rates is most of the work. Only answers from
 * the server's own address and port are taken; the ids of queries in flight never repeat.
 */
export function udpExchanger() {
  const channels = new Map<string, { socket: dgram.Socket; pending: Map<number, Pending> }>();

  function channelFor(server: HostPort) {
    const key = `${server.host}|${server.port}`;
    let channel = channels.get(key);
    if (channel) return channel;
    const socket = dgram.createSocket(net.isIPv6(server.host) ? 'udp6' : 'udp4');
    const pending = new Map<number, Pending>();
    channel = { socket, pending };
    channels.set(key, channel);
    socket.on('message', (reply, from) => {
      if (reply.length < 2 || from.port !== server.port || from.address !== server.host) return;
      const waiting = pending.get(reply.readUInt16BE(0));
      if (!waiting) return;
      pending.delete(reply.readUInt16BE(0));
      clearTimeout(waiting.timer);
      waiting.resolve(reply);
    });
    // A socket error fails what is in flight; the next query opens a new socket.
    socket.on('error', (error) => {
      channels.delete(key);
      socket.close();
      for (const waiting of pending.values()) {
        clearTimeout(waiting.timer);
        waiting.reject(new DnsQueryError(error.message));
      }
      pending.clear();
    });
    socket.unref();
    return channel;
  }

  return {
    /** Sends `message` with an id of its own (written into it) and waits for the answer. */
    exchange(server: HostPort, message: Buffer): Promise<Buffer> {
      const { socket, pending } = channelFor(server);
      let id = crypto.randomInt(0, 65_536);
      while (pending.has(id)) id = (id + 1) % 65_536;
      message.writeUInt16BE(id, 0);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new DnsQueryError('the authoritative server did not answer in time'));
        }, TIMEOUT_MS);
        pending.set(id, { resolve, reject, timer });
        socket.send(message, server.port, server.host);
      });
    },
    close(): void {
      for (const { socket, pending } of channels.values()) {
        for (const waiting of pending.values()) {
          clearTimeout(waiting.timer);
          waiting.reject(new DnsQueryError('closed'));
        }
        socket.close();
      }
      channels.clear();
    },
  };
}
export type UdpExchanger = ReturnType<typeof udpExchanger>;

/** A truncated UDP answer is asked again over TCP (two-byte length prefix, RFC 1035 §4.2.2). */
export function exchangeTcp(server: HostPort, message: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: server.host, port: server.port });
    let received = Buffer.alloc(0);
    socket.setTimeout(TIMEOUT_MS, () =>
      socket.destroy(new DnsQueryError('the authoritative server did not answer in time')),
    );
    socket.on('error', (error) =>
      reject(error instanceof DnsQueryError ? error : new DnsQueryError(error.message)),
    );
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (received.length >= 2 && received.length >= 2 + received.readUInt16BE(0)) {
        socket.end();
        resolve(received.subarray(2, 2 + received.readUInt16BE(0)));
      }
    });
    const length = Buffer.alloc(2);
    length.writeUInt16BE(message.length);
    socket.write(Buffer.concat([length, message]));
  });
}
