/** Spec §2/§9: a captcha image that fails to load is reloaded up to 5 times. */
export const CAPTCHA_MAX_RETRIES = 5;

/**
 * RFC 9562 version-4 UUID. `crypto.randomUUID` exists only in secure contexts, and a console
 * is often first opened over plain http on an IP address, so build it from getRandomValues.
 */
export function newUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface CaptchaState {
  uuid: string;
  /** Load failures since the last success or manual refresh. */
  failures: number;
}

export type CaptchaAction = { type: 'refresh' } | { type: 'loaded' } | { type: 'failed' };

/** Every reload asks for a new uuid: the server keeps one single-use answer per uuid. */
export function captchaReducer(state: CaptchaState, action: CaptchaAction, makeUuid = newUuid): CaptchaState {
  switch (action.type) {
    case 'refresh':
      return { uuid: makeUuid(), failures: 0 };
    case 'loaded':
      return state.failures === 0 ? state : { ...state, failures: 0 };
    case 'failed': {
      const failures = state.failures + 1;
      return failures <= CAPTCHA_MAX_RETRIES ? { uuid: makeUuid(), failures } : { ...state, failures };
    }
  }
}

/** True once the automatic retries are used up: the image shows a "click to retry" state. */
export function captchaGaveUp(state: CaptchaState): boolean {
  return state.failures > CAPTCHA_MAX_RETRIES;
}
