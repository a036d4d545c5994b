import { describe, expect, it } from 'vitest';
import { visibleAvatarEntries } from './avatar-entries';

const keys = (entries: { key: string }[]) => entries.map((entry) => entry.key);

describe('avatar dropdown entries (spec §2 Layout)', () => {
  it('lists each console its own entries', () => {
    const open = { unvalidModel: [], customFlags: { 'access-token': 1 } };
    expect(keys(visibleAvatarEntries('cdn-user', open))).toEqual(['personal', 'buyPlan', 'recharge']);
    expect(keys(visibleAvatarEntries('dns-user', open))).toEqual([
      'personal',
      'buyPlan',
      'recharge',
      'apiKey',
    ]);
    expect(keys(visibleAvatarEntries('dns-admin', open))[0]).toBe('authorization');
  });

  it("hides what the user's unvalidModel names", () => {
    const entries = visibleAvatarEntries('cdn-user', {
      unvalidModel: ['/cdn/plan/purchase'],
      customFlags: {},
    });
    expect(keys(entries)).toEqual(['personal', 'recharge']);
  });

  it('hides the API key while the access-token flag is not above 0', () => {
    expect(keys(visibleAvatarEntries('dns-user', { unvalidModel: [], customFlags: {} }))).not.toContain(
      'apiKey',
    );
    expect(
      keys(visibleAvatarEntries('dns-user', { unvalidModel: [], customFlags: { 'access-token': 0 } })),
    ).not.toContain('apiKey');
  });
});
