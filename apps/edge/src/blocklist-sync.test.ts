import { describe, expect, it } from 'vitest';
import { blocklistText } from './blocklist-sync';
import { parseBlockHits } from './control';

describe('the control server’s blocklist format', () => {
  it('writes a head line, then additions with their time to live, then removals by key', () => {
    const text = blocklistText({
      revision: 7,
      full: false,
      add: [{ range: '10.0.0.0/8', ttl: 60 }],
      remove: ['1.2.3.4'],
    });
    expect(text).toBe('delta 7\n+ 34080a 60 10.0.0.0/8\n- 342001020304');
  });

  it('reads block counts, adding up a range said twice', () => {
    expect(parseBlockHits('1.2.3.4 2\n10.0.0.0/8 5\n1.2.3.4 1\n')).toEqual(
      new Map([
        ['1.2.3.4', 3],
        ['10.0.0.0/8', 5],
      ]),
    );
  });
});
