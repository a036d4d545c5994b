import { useCallback, useEffect, useReducer, useRef } from 'react';
import { captchaUrl } from '@/features/auth/api/auth-api';
import {
  captchaGaveUp,
  captchaReducer,
  newUuid,
  type CaptchaAction,
  type CaptchaState,
} from '@/features/auth/lib/captcha';

/** Pause before an automatic reload, growing with each failure so a brief outage can pass. */
const RETRY_DELAY_MS = 400;

export interface CaptchaHandle {
  uuid: string;
  src: string;
  /** The automatic retries are used up; the user can still click to try again. */
  gaveUp: boolean;
  refresh: () => void;
  onLoad: () => void;
  onError: () => void;
}

const reducer = (state: CaptchaState, action: CaptchaAction) => captchaReducer(state, action);

/** A fresh captcha per page load; `refresh` after every submit because answers are single-use. */
export function useCaptcha(): CaptchaHandle {
  const [state, dispatch] = useReducer(reducer, undefined, () => ({ uuid: newUuid(), failures: 0 }));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const refresh = useCallback(() => {
    clearTimeout(timer.current);
    dispatch({ type: 'refresh' });
  }, []);
  const onLoad = useCallback(() => dispatch({ type: 'loaded' }), []);
  const onError = useCallback(() => {
    clearTimeout(timer.current);
    const delay = RETRY_DELAY_MS * (state.failures + 1);
    timer.current = setTimeout(() => dispatch({ type: 'failed' }), delay);
  }, [state.failures]);

  return {
    uuid: state.uuid,
    src: captchaUrl(state.uuid),
    gaveUp: captchaGaveUp(state),
    refresh,
    onLoad,
    onError,
  };
}
