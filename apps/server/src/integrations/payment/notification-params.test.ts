import { describe, expect, it } from 'vitest';
import { checkedParams, formNotification, formParams, withoutSeparators } from './notification-params';

const rules = { names: new Set(['a', 'b', 'sign']), free: new Set(['sign']) };

describe('notification parameters', () => {
  it('reads only documented names, once each, without & or = outside the free ones', () => {
    expect(formNotification('a=1&b=2&sign=x%3D%3D', '', rules)).toEqual({ a: '1', b: '2', sign: 'x==' });
    expect(formNotification('a=1&c=2', '', rules)).toBeNull();
    expect(formNotification('a=1&a=2', '', rules)).toBeNull();
    expect(formNotification('a=1%26b%3D2', '', rules)).toBeNull();
    expect(formNotification('a=1', 'b=2', rules)).toBeNull();
    expect(formParams('a=1&b=2&a=3')).toBeNull();
    expect(checkedParams(null, rules)).toBeNull();
  });

  it('cleans a free text of & and =', () => {
    expect(withoutSeparators(' Pro & Max = best ')).toBe('Pro Max best');
  });
});
