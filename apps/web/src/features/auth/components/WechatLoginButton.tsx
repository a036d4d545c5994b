import { WechatOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '@/features/auth/api/auth-api';
import { useWebConfig } from '@/shared/config/useWebConfig';

/** Offered when an admin has switched WeChat login on: the browser goes to WeChat's QR page. */
export function WechatLoginButton() {
  const { t } = useTranslation();
  const { config } = useWebConfig();
  const [pending, setPending] = useState(false);
  if (!config.switches.WXLOGIN_CONFIG_KEY) return null;
  const go = async () => {
    setPending(true);
    try {
      window.location.assign((await authApi.wechatLoginUrl()).url);
    } catch {
      // The reason is toasted by the global handler.
      setPending(false);
    }
  };
  return (
    <Button
      block
      icon={<WechatOutlined />}
      loading={pending}
      style={{ marginTop: 12 }}
      onClick={() => void go()}
    >
      {t('auth.login.wechat')}
    </Button>
  );
}
