import { describe, expect, it } from 'vitest';
import { parseInline } from './inline-markdown';

describe('parseInline', () => {
  it('reads code spans and strong text, the rest as text', () => {
    expect(parseInline('Set `power.stopWork` to **pause** work orders')).toEqual([
      { kind: 'text', text: 'Set ' },
      { kind: 'code', text: 'power.stopWork' },
      { kind: 'text', text: ' to ' },
      { kind: 'strong', text: 'pause' },
      { kind: 'text', text: ' work orders' },
    ]);
  });

  it('leaves HTML, links and unmatched marks as text', () => {
    const line = '<img src=x onerror=alert(1)> [link](javascript:alert(1)) a `b **c';
    expect(parseInline(line)).toEqual([{ kind: 'text', text: line }]);
  });
});
