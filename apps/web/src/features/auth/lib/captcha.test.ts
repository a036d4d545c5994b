import { describe, expect, it } from 'vitest';
import { CAPTCHA_MAX_RETRIES, captchaGaveUp, captchaReducer, newUuid, type CaptchaState } from './captcha';

describe('newUuid', () => {
  it('makes distinct RFC 9562 version-4 UUIDs', () => {
    const a = newUuid();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newUuid()).not.toBe(a);
  });
});

describe('captchaReducer', () => {
  let n = 0;
  const next = () => `uuid-${++n}`;
  const start: CaptchaState = { uuid: 'uuid-0', failures: 0 };

  it('reloads with a new uuid after each failure, up to 5 times, then gives up', () => {
    let state = start;
    const seen = new Set([state.uuid]);
    for (let i = 1; i <= CAPTCHA_MAX_RETRIES; i++) {
      state = captchaReducer(state, { type: 'failed' }, next);
      expect(seen.has(state.uuid)).toBe(false);
      seen.add(state.uuid);
      expect(captchaGaveUp(state)).toBe(false);
    }
    const last = state.uuid;
    state = captchaReducer(state, { type: 'failed' }, next);
    expect(state.uuid).toBe(last);
    expect(captchaGaveUp(state)).toBe(true);
    expect(CAPTCHA_MAX_RETRIES).toBe(5);
  });

  it('a successful load resets the failure count', () => {
    const failed = captchaReducer(captchaReducer(start, { type: 'failed' }, next), { type: 'failed' }, next);
    expect(captchaReducer(failed, { type: 'loaded' }, next)).toEqual({ uuid: failed.uuid, failures: 0 });
  });

  it('a manual refresh after giving up starts again with a new uuid', () => {
    const gaveUp: CaptchaState = { uuid: 'x', failures: CAPTCHA_MAX_RETRIES + 1 };
    const refreshed = captchaReducer(gaveUp, { type: 'refresh' }, next);
    expect(refreshed.uuid).not.toBe('x');
    expect(captchaGaveUp(refreshed)).toBe(false);
  });
});
