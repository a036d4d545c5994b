import { WECHAT_RETURN_PARAM } from '@nimbus/contract';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * WeChat sends the browser back to `/login?wechat=login&code=…&state=…`: the code is used once,
 * and the query is dropped so a reload does not post it again.
 */
export function useWechatReturn(submit: (code: string, state: string) => Promise<void>) {
  const [params, setParams] = useSearchParams();
  const sent = useRef(false);
  const code = params.get('code');
  const state = params.get('state');
  const back = params.get(WECHAT_RETURN_PARAM) === 'login' && code && state;
  useEffect(() => {
    if (!back || sent.current) return;
    sent.current = true;
    setParams({}, { replace: true });
    void submit(code, state);
  }, [back, code, state, setParams, submit]);
}
