import { WECHAT_RETURN_PARAM, type UserInfo } from '@nimbus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Popconfirm, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { accountApi } from '@/features/account/api/account-api';
import { currentUserQueryKey } from '@/shared/auth/useCurrentUser';
import { useWebConfig } from '@/shared/config/useWebConfig';
import { useFeedback } from '@/shared/feedback/feedback-context';

/**
 * The WeChat account bound for QR login: bind (through WeChat's QR page, which sends the browser
 * back here with a one-time code) or unbind. Offered while an admin has WeChat login switched on.
 */
export function WechatBinding({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { config } = useWebConfig();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const changed = (info: UserInfo) =>
    queryClient.setQueryData(currentUserQueryKey, { side: 'customer', user: info });
  const go = useMutation({
    mutationFn: accountApi.wechatBindUrl,
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const bind = useMutation({
    mutationFn: accountApi.wechatBind,
    onSuccess: (info) => {
      changed(info);
      void message.success(t('wechat.bound'));
    },
  });
  const unbind = useMutation({
    mutationFn: accountApi.wechatUnbind,
    onSuccess: (info) => {
      changed(info);
      void message.success(t('wechat.unbound'));
    },
  });

  // Back from WeChat: the code works once, so it is posted once and dropped from the address.
  const sent = useRef(false);
  const code = params.get('code');
  const state = params.get('state');
  useEffect(() => {
    if (params.get(WECHAT_RETURN_PARAM) !== 'bind' || !code || !state || sent.current) return;
    sent.current = true;
    setParams({}, { replace: true });
    bind.mutate({ code, state });
  }, [params, code, state, setParams, bind]);

  if (user.wechat)
    return (
      <Flex gap={8} align="center" wrap>
        <span>{user.wechat.nickname || t('account.wechat.bound')}</span>
        <Popconfirm
          title={t('account.wechat.unbindTitle')}
          description={t('account.wechat.unbindText')}
          okText={t('account.wechat.unbind')}
          cancelText={t('confirm.cancel')}
          onConfirm={() => unbind.mutate()}
        >
          <Button type="link" size="small" loading={unbind.isPending}>
            {t('account.wechat.unbind')}
          </Button>
        </Popconfirm>
      </Flex>
    );
  if (!config.switches.WXLOGIN_CONFIG_KEY)
    return <Typography.Text type="secondary">{t('account.info.notBound')}</Typography.Text>;
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text type="secondary">{t('account.info.notBound')}</Typography.Text>
      <Button type="link" size="small" loading={go.isPending || bind.isPending} onClick={() => go.mutate()}>
        {t('account.wechat.bind')}
      </Button>
    </Flex>
  );
}
