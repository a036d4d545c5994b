import type { EdgeWafEvent } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { blocklistEntriesOf } from './ban-entries';

const event = (over: Partial<EdgeWafEvent>): EdgeWafEvent => ({
  time: 1_800_000_000,
  siteId: 3,
  ruleId: 9,
  action: 'ban',
  clientIp: '192.0.2.7',
  seconds: 60,
  request: 'GET / HTTP/1.1',
  ...over,
});
const owners = new Map([[3, 40]]);

describe('the blocklist entries WAF and rate-limit events ask for', () => {
  it('scopes a ban to its site and an all-node blacklisting to the owner, naming the source', () => {
    const entries = blocklistEntriesOf(
      [
        event({}),
        event({ ruleId: 0, clientIp: '192.0.2.8' }),
        event({ action: 'blacklist-all', clientIp: '192.0.2.9' }),
        event({ action: 'blacklist-node', clientIp: '192.0.2.10' }),
        event({ action: 'intercept', clientIp: '192.0.2.11' }),
      ],
      owners,
    );
    expect(entries.map((e) => [e.ranges[0], e.source, e.scope, e.siteId])).toEqual([
      ['192.0.2.7', 'waf', { owner: 40, site: 3 }, 3],
      ['192.0.2.8', 'rate-limit', { owner: 40, site: 3 }, 3],
      ['192.0.2.9', 'waf', { owner: 40, site: null }, 3],
    ]);
  });

  it('writes addresses banned alike together', () => {
    const entries = blocklistEntriesOf(
      [event({}), event({ clientIp: '192.0.2.8' }), event({ clientIp: '192.0.2.9', seconds: 30 })],
      owners,
    );
    expect(entries.map((e) => [e.ranges, e.durationSeconds])).toEqual([
      [['192.0.2.7', '192.0.2.8'], 60],
      [['192.0.2.9'], 30],
    ]);
  });

  it('keeps one entry per scope and address, for the longest time asked and no longer than a year', () => {
    const entries = blocklistEntriesOf(
      [event({ seconds: 600 }), event({ seconds: 30 }), event({ action: 'blacklist-all', seconds: 2 ** 40 })],
      owners,
    );
    expect(entries.map((e) => [e.scope.site, e.durationSeconds])).toEqual([
      [3, 600],
      [null, 525_600 * 60],
    ]);
  });
});
