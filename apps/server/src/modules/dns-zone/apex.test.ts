import { describe, expect, it } from 'vitest';
import type { PowerDnsRRset } from '../../integrations/powerdns/client';
import { apexChanges } from './apex';

const made: PowerDnsRRset[] = [
  {
    name: 'shop.test.',
    type: 'SOA',
    ttl: 3600,
    records: [
      { content: 'ns1.shop.test. hostmaster.shop.test. 2026112703 10800 3600 604800 300', disabled: false },
    ],
  },
  {
    name: 'shop.test.',
    type: 'NS',
    ttl: 3600,
    records: [
      { content: 'ns1.shop.test.', disabled: false },
      { content: 'ns2.shop.test.', disabled: false },
    ],
  },
];

describe('apexChanges', () => {
  it('replaces the NS set and the SOA primary, keeping the rest of the SOA', () => {
    expect(apexChanges('shop.test', made, ['NS1.platform.test', 'ns2.platform.test'])).toEqual([
      {
        name: 'shop.test.',
        type: 'NS',
        ttl: 3600,
        changetype: 'REPLACE',
        records: [
          { content: 'ns1.platform.test.', disabled: false },
          { content: 'ns2.platform.test.', disabled: false },
        ],
      },
      {
        name: 'shop.test.',
        type: 'SOA',
        ttl: 3600,
        changetype: 'REPLACE',
        records: [
          {
            content: 'ns1.platform.test. hostmaster.shop.test. 2026112703 10800 3600 604800 300',
            disabled: false,
          },
        ],
      },
    ]);
  });

  it('sends nothing when the zone has them already, in any case, absolute or not', () => {
    expect(apexChanges('shop.test', made, ['NS1.shop.test.', 'ns2.shop.test'])).toEqual([]);
  });

  it('makes the first listed name server the primary', () => {
    const changes = apexChanges('shop.test', made, ['ns2.shop.test', 'ns1.shop.test']);
    expect(changes.map((set) => [set.type, set.records[0]!.content.split(' ')[0]])).toEqual([
      ['SOA', 'ns2.shop.test.'],
    ]);
  });

  it('changes only the NS set when the primary stays, and never empties it', () => {
    const changes = apexChanges('shop.test', made, ['ns1.shop.test', 'ns3.shop.test']);
    expect(changes.map((set) => set.type)).toEqual(['NS']);
    expect(apexChanges('shop.test', made, [])).toEqual([]);
  });
});
