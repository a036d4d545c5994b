import { message } from 'antd';
import { useEffect } from 'react';
import { setToaster } from './error-toast';

/** Lends antd's `message` (which follows the theme and language) to the global toasts. */
export function MessageHost() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    setToaster({ error: (text) => void api.error(text), warning: (text) => void api.warning(text) });
    return () => setToaster(null);
  }, [api]);
  return holder;
}
