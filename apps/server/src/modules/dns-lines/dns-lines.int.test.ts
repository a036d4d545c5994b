import type { DnsRecord, DnsRecordSaveRequest, DnsZone, IpArea, LineCatalogue } from '@nimbus/contract';
import dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { startPowerDns, type TestPowerDns } from '../../../test/support/powerdns';
import { queryForClient } from '../httpdns/httpdns.resolver';
import { udpExchanger } from '../httpdns/httpdns.udp';

/** Addresses the IP database places (ip2region 2.3.0): a carrier and province each, or abroad. */
const GUANGDONG_TELECOM = '202.96.128.86';
const BEIJING_EDUCATION = '166.111.4.100';
const JIANGSU_NO_CARRIER = '114.114.114.114';
const ABROAD = '8.8.8.8';

let pdns: TestPowerDns;
let server: TestServer;
let token: string;
let zone: DnsZone;
const udp = udpExchanger();

beforeAll(async () => {
  pdns = await startPowerDns();
  server = await startTestServer({ dns: pdns.servers });
  token = await server.login('customer');
  const created = await server.call<DnsZone>('POST', 'app/dns/zone/create', {
    token,
    body: { name: 'lines.test' },
  });
  zone = created.body.data!;
}, 60_000);
afterAll(async () => {
  udp.close();
  await server?.close();
  await pdns?.stop();
});

const save = async (record: Partial<DnsRecordSaveRequest>) => {
  const answer = await server.call<DnsRecord>('POST', 'app/dns/record/save', {
    token,
    lang: 'en',
    body: { zoneId: zone.id, ttl: 60, ...record },
  });
  expect(answer.body).toMatchObject({ code: 1 });
  return answer.body.data!;
};

/** What PowerDNS answers a resolver that sends `clientIp` as its EDNS client subnet (none: its own address). */
async function answers(name: string, type: 'A' | 'TXT', clientIp?: string): Promise<string[]> {
  const message = clientIp
    ? queryForClient(name, type, clientIp)
    : dnsPacket.encode({ type: 'query', id: 0, flags: 0, questions: [{ type, name, class: 'IN' }] });
  const reply = dnsPacket.decode(await udp.exchange(pdns.dns, message));
  expect((reply as { rcode?: string }).rcode ?? 'NOERROR').toBe('NOERROR');
  return (reply.answers ?? [])
    .flatMap((answer) => {
      if (answer.type === 'TXT')
        return [(answer.data as Buffer[]).map((part) => part.toString('utf8')).join('')];
      return answer.type === type ? [String(answer.data)] : [];
    })
    .sort();
}

describe('DNS lines', () => {
  it('answers each client from the line of its address: carrier, then region, then default', async () => {
    await save({ hostRecord: 'www', recordType: 'A', recordValue: '192.0.2.1' });
    const telecom = await save({
      hostRecord: 'www',
      recordType: 'A',
      lineType: 'telecom',
      recordValue: '192.0.2.2',
    });
    await save({ hostRecord: 'www', recordType: 'A', lineType: 'overseas', recordValue: '192.0.2.3' });
    await save({ hostRecord: 'www', recordType: 'A', lineType: 'cn-bj', recordValue: '192.0.2.4' });
    await save({ hostRecord: 'www', recordType: 'A', lineType: 'cn-bj', recordValue: '192.0.2.5' });
    for (let last = 20; last < 40; last++)
      await save({ hostRecord: 'www', recordType: 'A', lineType: 'cn-sh', recordValue: `192.0.2.${last}` });

    expect(await answers('www.lines.test', 'A', GUANGDONG_TELECOM)).toEqual(['192.0.2.2']);
    expect(await answers('www.lines.test', 'A', ABROAD)).toEqual(['192.0.2.3']);
    // The education network has no record here: its region line does.
    expect(await answers('www.lines.test', 'A', BEIJING_EDUCATION)).toEqual(['192.0.2.4', '192.0.2.5']);
    expect(await answers('www.lines.test', 'A', JIANGSU_NO_CARRIER)).toEqual(['192.0.2.1']);
    // No client subnet: the resolver's own (loopback) address, on no line.
    expect(await answers('www.lines.test', 'A')).toEqual(['192.0.2.1']);

    // A paused record leaves its line: that client falls back to the default.
    await server.call('POST', 'app/dns/record/status', {
      token,
      body: { zoneId: zone.id, ids: [telecom.id], action: 'disable' },
    });
    expect(await answers('www.lines.test', 'A', GUANGDONG_TELECOM)).toEqual(['192.0.2.1']);
  });

  it('carries any TXT text through the LUA record unchanged', async () => {
    await save({ hostRecord: 'txt', recordType: 'TXT', recordValue: 'plain for all' });
    await save({
      hostRecord: 'txt',
      recordType: 'TXT',
      lineType: 'overseas',
      recordValue: 'say "hi" \\ 你好 \'q\'',
    });
    expect(await answers('txt.lines.test', 'TXT', ABROAD)).toEqual(['say "hi" \\ 你好 \'q\'']);
    expect(await answers('txt.lines.test', 'TXT', GUANGDONG_TELECOM)).toEqual(['plain for all']);
    // Far beyond the 255 bytes of one DNS string, in the answer and in the LUA record's code.
    const long = `${'x'.repeat(300)} "你好" ${'y'.repeat(600)}`;
    await save({ hostRecord: 'long', recordType: 'TXT', lineType: 'overseas', recordValue: long });
    // More than one DNS string holds: PowerDNS splits it every 255 bytes.
    expect(await answers('long.lines.test', 'TXT', ABROAD)).toEqual([long]);
  });

  it('goes back to a plain record set when the last record on a line is deleted', async () => {
    const host = await save({ hostRecord: 'back', recordType: 'A', recordValue: '192.0.2.10' });
    const lined = await save({
      hostRecord: 'back',
      recordType: 'A',
      lineType: 'unicom',
      recordValue: '192.0.2.11',
    });
    expect(await answers('back.lines.test', 'A', ABROAD)).toEqual(['192.0.2.10']);
    await server.call('POST', 'app/dns/record/status', {
      token,
      body: { zoneId: zone.id, ids: [lined.id], action: 'delete' },
    });
    const sets = (await pdns.client.zoneWithRecords('lines.test')).rrsets!.filter(
      (set) => set.name === 'back.lines.test.',
    );
    expect(sets.map((set) => set.type)).toEqual(['A']);
    expect(await answers('back.lines.test', 'A', GUANGDONG_TELECOM)).toEqual(['192.0.2.10']);
    expect(host.lineType).toBe('default');
  });

  it('tells an address its place and lines, and lists the lines as available', async () => {
    const area = await server.call<IpArea>('GET', 'app/common/query/ip/area', {
      token,
      query: { ip: GUANGDONG_TELECOM },
    });
    expect(area.body.data).toMatchObject({
      country: '中国',
      isp: '电信',
      lines: ['telecom', 'cn-gd', 'default'],
    });
    const abroad = await server.call<IpArea>('GET', 'app/common/query/ip/area', {
      token,
      query: { ip: ABROAD },
    });
    expect(abroad.body.data!.lines).toEqual(['overseas', 'default']);
    const bad = await server.call('GET', 'app/common/query/ip/area', {
      token,
      lang: 'en',
      query: { ip: '1.2.3' },
    });
    expect(bad.body).toMatchObject({ code: 400 });
    expect(bad.body.msg).toMatch(/IP address/);
    const catalogue = await server.call<LineCatalogue>('GET', 'app/common/query/line/code/area', { token });
    expect(catalogue.body.data).toMatchObject({ available: true });
    expect(catalogue.body.data!.lines).toContainEqual({ code: 'cn-gd', group: 'region' });
  });
});
