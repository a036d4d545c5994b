import { describe, expect, it } from 'vitest';
import { nextReference, serialOfReference } from './allinpay-reference';

describe('Allinpay reqsn of a later hand-off', () => {
  const serial = '20261127090000123456';

  it('counts on from the earlier one, and leads back to the order', () => {
    expect(nextReference(serial, serial)).toBe(`${serial}R2`);
    expect(nextReference(serial, `${serial}R2`)).toBe(`${serial}R3`);
    expect(nextReference(serial, `${serial}R9`)).toBe(`${serial}R10`);
    for (const reference of [serial, `${serial}R2`, `${serial}R10`])
      expect(serialOfReference(reference)).toBe(serial);
  });

  it('reads anything else as it is', () => {
    expect(serialOfReference('R2')).toBe('R2');
    expect(serialOfReference(`${serial}R`)).toBe(`${serial}R`);
    expect(serialOfReference(`${serial}x2`)).toBe(`${serial}x2`);
  });
});
