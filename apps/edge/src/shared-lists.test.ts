import { describe, expect, it } from 'vitest';
import { parseBlockHits } from './control';
import { blocklistText, parseWafEvent, sumByRange, wafText } from './shared-lists';

describe('the control server’s list formats', () => {
  it('writes blocklist changes: a head line, additions with their time to live, removals by key', () => {
    const text = blocklistText({
      revision: 7,
      full: false,
      add: [
        { range: '10.0.0.0/8', ttl: 60, owner: null, site: null },
        { range: '10.0.0.1', ttl: 60, owner: 12, site: null },
      ],
      remove: [{ range: '1.2.3.4', owner: 12, site: 3 }],
    });
    // A customer's entry is keyed "o<customer>:" before the platform's key, a site's "s<site>:":
    // only their sites look them up.
    expect(text).toBe(
      'delta 7\n+ 34080a 60 10.0.0.0/8\n+ 6f31323a34200a000001 60 10.0.0.1\n- 73333a342001020304',
    );
  });

  it('writes WAF rule sets with every customer value in hex, so none can end a line or a field', () => {
    const text = wafText({
      revision: 9,
      full: true,
      sites: [
        {
          siteId: 4,
          rules: [
            {
              id: 2,
              action: 'code',
              status: 451,
              seconds: 0,
              conditions: [
                { target: 'header', name: 'x-a', operator: 'contains', negate: true, values: ['a b\n', ','] },
                { target: 'ip', name: '', operator: 'in', negate: false, values: ['10.0.0.0/8'] },
              ],
            },
          ],
        },
      ],
      removed: [5],
    });
    expect(text.split('\n')).toEqual([
      'full 9',
      'site 4',
      'rule 2 code 451 0',
      'cond header 782d61 contains 1 6120620a,2c',
      'cond ip - in 0 34080a',
      'drop 5',
    ]);
  });

  it('reads an event line of the WAF queue, and refuses one it does not know', () => {
    expect(parseWafEvent('1700000000.5\t4\t2\tban\t10.1.2.3\t60\tGET /a\tb HTTP/1.1')).toEqual({
      time: 1700000000.5,
      siteId: 4,
      ruleId: 2,
      action: 'ban',
      clientIp: '10.1.2.3',
      seconds: 60,
      request: 'GET /a b HTTP/1.1',
    });
    expect(parseWafEvent('1\t4\t2\texplode\t10.1.2.3\t0\tGET /')).toBeUndefined();
  });

  it('adds up block counts said twice', () => {
    expect(parseBlockHits('1.2.3.4 2\n10.0.0.0/8 5\n1.2.3.4 1\n').get('1.2.3.4')).toBe(3);
    expect(
      sumByRange([
        { range: 'a', count: 1 },
        { range: 'a', count: 2 },
      ]),
    ).toEqual([{ range: 'a', count: 3 }]);
  });
});
