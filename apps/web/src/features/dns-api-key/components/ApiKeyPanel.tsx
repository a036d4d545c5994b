import { KeyOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiKeyDetails } from '@/features/dns-api-key/components/ApiKeyDetails';
import { ApiKeyRevealModal } from '@/features/dns-api-key/components/ApiKeyRevealModal';
import { useDnsApiKeyActions, useDnsApiKeyStatus } from '@/features/dns-api-key/hooks/useDnsApiKey';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { LoadFailed } from '@/shared/ui/LoadFailed';

/**
 * The customer's DNS API key: none yet (create), or its prefix and last use (replace, revoke).
 * Replacing and revoking stop the old key at once, so both are confirmed; failures are toasted
 * by the global handler.
 */
export function ApiKeyPanel() {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const status = useDnsApiKeyStatus();
  const { issue, revoke } = useDnsApiKeyActions();
  const [shown, setShown] = useState<string>();

  async function create() {
    try {
      const issued = await issue.mutateAsync();
      setShown(issued.key);
    } catch {
      // the global handler has shown why
    }
  }

  async function confirm(kind: 'confirmReplace' | 'confirmRevoke', run: () => Promise<unknown>) {
    const prefix = status.data?.prefix ?? '';
    const ok = await modal.confirm({
      title: t(`apiKey.${kind}.title`),
      content: t(`apiKey.${kind}.content`, { prefix }),
      okText: t(`apiKey.${kind}.ok`),
      cancelText: t('confirm.cancel'),
      okButtonProps: { danger: true },
    });
    if (ok) await run();
    else void message.info(t('confirm.canceled'));
  }

  async function revokeKey() {
    try {
      await revoke.mutateAsync();
      void message.success(t('dnsApiKey.revoked'));
    } catch {
      // the global handler has shown why
    }
  }

  const data = status.data;
  let body;
  if (!data) {
    body = status.isError ? (
      <LoadFailed
        title={t('apiKey.loadFailed')}
        retryLabel={t('apiKey.retry')}
        onRetry={() => void status.refetch()}
      />
    ) : (
      <Skeleton active paragraph={{ rows: 3 }} />
    );
  } else if (!data.exists) {
    body = (
      <Empty image={<KeyOutlined style={{ fontSize: 48 }} />} description={t('apiKey.empty')}>
        <Button type="primary" loading={issue.isPending} onClick={() => void create()}>
          {t('apiKey.create')}
        </Button>
      </Empty>
    );
  } else {
    body = (
      <>
        <ApiKeyDetails status={data} />
        <Flex gap={8} style={{ marginTop: 16 }}>
          <Button loading={issue.isPending} onClick={() => void confirm('confirmReplace', create)}>
            {t('apiKey.replace')}
          </Button>
          <Button danger loading={revoke.isPending} onClick={() => void confirm('confirmRevoke', revokeKey)}>
            {t('apiKey.revoke')}
          </Button>
        </Flex>
      </>
    );
  }

  return (
    <Card title={t('apiKey.title')}>
      <Typography.Paragraph type="secondary">{t('apiKey.intro')}</Typography.Paragraph>
      {body}
      <ApiKeyRevealModal apiKey={shown} onClose={() => setShown(undefined)} />
    </Card>
  );
}
