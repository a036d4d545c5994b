import dgram from 'node:dgram';
import net from 'node:net';

/**
 * A DNS server for tests, over UDP on `host`: answers A questions from `records` (IPv4 only,
 * changed as the test goes; other types get no answer), NXDOMAIN for names it does not hold.
 * Just enough of RFC 1035 for node:dns (one question, answers pointing back at it, TTL 1).
 */
export interface TestDns {
  /** `host:port`, as the agent's --resolver takes it. */
  address: string;
  records: Map<string, string[]>;
  close(): Promise<void>;
}

function questionEnd(query: Buffer): number {
  let offset = 12;
  while (query[offset]! !== 0) offset += query[offset]! + 1;
  return offset + 1;
}

function nameOf(query: Buffer): string {
  const labels: string[] = [];
  for (let offset = 12; query[offset]! !== 0; offset += query[offset]! + 1)
    labels.push(query.subarray(offset + 1, offset + 1 + query[offset]!).toString('ascii'));
  return labels.join('.').toLowerCase();
}

function answer(query: Buffer, records: ReadonlyMap<string, string[]>): Buffer {
  const end = questionEnd(query);
  const type = query.readUInt16BE(end);
  const held = records.get(nameOf(query));
  const wanted = type === 1 ? (held ?? []).filter((ip) => net.isIPv4(ip)) : [];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  header.writeUInt16BE(held ? 0x8180 : 0x8183, 2); // response, recursion; NOERROR or NXDOMAIN
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(wanted.length, 6);
  const answers = wanted.map((ip) => {
    const data = Buffer.from(ip.split('.').map(Number));
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0);
    rr.writeUInt16BE(type, 2);
    rr.writeUInt16BE(1, 4);
    rr.writeUInt32BE(1, 6);
    rr.writeUInt16BE(data.length, 10);
    return Buffer.concat([rr, data]);
  });
  return Buffer.concat([header, query.subarray(12, end + 4), ...answers]);
}

export async function startTestDns(host: string): Promise<TestDns> {
  const records = new Map<string, string[]>();
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, from) => {
    try {
      socket.send(answer(query, records), from.port, from.address);
    } catch {
      // A query this server cannot read gets no answer, as from a real one that dropped it.
    }
  });
  await new Promise<void>((resolve) => socket.bind(0, host, resolve));
  return {
    address: `${host}:${socket.address().port}`,
    records,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
