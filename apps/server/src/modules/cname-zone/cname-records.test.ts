import { describe, expect, it } from 'vitest';
import { desiredRRsets, zoneChanges } from './cname-records';

const node = (groupId: number, ipv4: string, line: 'main' | 'backup' = 'main', ipv6 = '') => ({
  groupId,
  ipv4,
  ipv6,
  line,
});

describe('the CNAME zone records', () => {
  it('points sites at their group, and the group at its main nodes or else its backups', () => {
    const sets = desiredRRsets(
      'cdn.test',
      [
        node(1, '192.0.2.2'),
        node(1, '192.0.2.1', 'main', '2001:db8::1'),
        node(1, '192.0.2.9', 'backup'),
        node(2, '192.0.2.7', 'backup'),
      ],
      [{ cnameLabel: 'abc', nodeGroupId: 1 }],
    );
    expect(sets.map((set) => [set.name, set.type, set.records.map((r) => r.content)])).toEqual([
      ['g1.cdn.test.', 'A', ['192.0.2.1', '192.0.2.2']],
      ['g1.cdn.test.', 'AAAA', ['2001:db8::1']],
      ['g2.cdn.test.', 'A', ['192.0.2.7']],
      ['abc.cdn.test.', 'CNAME', ['g1.cdn.test.']],
    ]);
  });

  it('sends only the difference and never touches the SOA and NS', () => {
    const desired = desiredRRsets(
      'cdn.test',
      [node(1, '192.0.2.1')],
      [{ cnameLabel: 'abc', nodeGroupId: 1 }],
    );
    const current = [
      { name: 'cdn.test.', type: 'SOA', ttl: 3600, records: [{ content: 'x', disabled: false }] },
      { name: 'cdn.test.', type: 'NS', ttl: 3600, records: [{ content: 'ns1.cdn.test.', disabled: false }] },
      { ...desired[0]!, records: [{ content: '192.0.2.1', disabled: false }] },
      {
        name: 'gone.cdn.test.',
        type: 'CNAME',
        ttl: 60,
        records: [{ content: 'g1.cdn.test.', disabled: false }],
      },
    ];
    expect(zoneChanges('cdn.test', current, desired)).toEqual([
      { ...desired[1]!, changetype: 'REPLACE' },
      { name: 'gone.cdn.test.', type: 'CNAME', changetype: 'DELETE', records: [] },
    ]);
    expect(zoneChanges('cdn.test', [...current.slice(0, 3), { ...desired[1]! }], desired)).toEqual([]);
  });
});
