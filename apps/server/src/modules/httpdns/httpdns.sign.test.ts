import { HTTPDNS_SIGN_MAX_AHEAD } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { httpdnsSignature, signProblem } from './httpdns.sign';

const NOW = 1_800_000_000;
const keys = new Map([
  [1, 'key-of-app-one-0000'],
  [2, 'key-of-app-two-0000'],
]);
const signed = (id: number, key: string, t: number, name = 'www.example.com') => ({
  id: String(id),
  t: String(t),
  s: httpdnsSignature(name, key, t),
});

describe('signed HTTPDNS requests', () => {
  it('is md5 of "<name>-<key>-<t>" in hex (Aliyun HTTPDNS scheme)', () => {
    // md5("www.example.com-k-1800000000"), computed with `printf %s … | md5sum`.
    expect(httpdnsSignature('www.example.com', 'k', 1_800_000_000)).toBe('080eaec580ff5bd43c5b08d37dce25fd');
  });

  it("accepts an app's own signature until t, upper-case hex too", () => {
    expect(
      signProblem('www.example.com', keys, signed(1, 'key-of-app-one-0000', NOW + 60), NOW),
    ).toBeUndefined();
    const upper = signed(2, 'key-of-app-two-0000', NOW);
    expect(signProblem('www.example.com', keys, { ...upper, s: upper.s.toUpperCase() }, NOW)).toBeUndefined();
  });

  it('refuses what is missing, unknown, expired, too far ahead or signed by another key', () => {
    const good = signed(1, 'key-of-app-one-0000', NOW + 60);
    expect(signProblem('www.example.com', keys, { ...good, id: null }, NOW)).toBe('missing');
    expect(signProblem('www.example.com', keys, { ...good, t: 'soon' }, NOW)).toBe('missing');
    expect(signProblem('www.example.com', keys, { ...good, id: '3' }, NOW)).toBe('unknownApp');
    expect(signProblem('www.example.com', keys, signed(1, 'key-of-app-one-0000', NOW - 1), NOW)).toBe(
      'expired',
    );
    const far = NOW + HTTPDNS_SIGN_MAX_AHEAD + 1;
    expect(signProblem('www.example.com', keys, signed(1, 'key-of-app-one-0000', far), NOW)).toBe(
      'tooFarAhead',
    );
    expect(signProblem('www.example.com', keys, signed(1, 'key-of-app-two-0000', NOW + 60), NOW)).toBe(
      'mismatch',
    );
    expect(signProblem('other.example.com', keys, good, NOW)).toBe('mismatch');
  });
});
