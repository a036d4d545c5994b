import { ExportOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentVariant } from '@/app/variant';
import { accountApi } from '@/features/account/api/account-api';
import { otherConsoleUrl } from '@/features/account/lib/console-hop';

/** One customer account serves both the CDN and the DNS console; this opens the other one signed in. */
export function ConsoleHopCard() {
  const { t } = useTranslation();
  const issue = useMutation({ mutationFn: accountApi.issueAccessToken });
  const target = currentVariant.product === 'cdn' ? 'dns' : 'cdn';

  async function open() {
    // Opened now, inside the click, so the browser does not treat it as an unrequested pop-up.
    const tab = window.open('about:blank', '_blank');
    try {
      const { accessToken } = await issue.mutateAsync();
      if (tab) {
        tab.opener = null;
        tab.location.href = otherConsoleUrl(currentVariant, accessToken);
      } else {
        window.location.href = otherConsoleUrl(currentVariant, accessToken);
      }
    } catch {
      tab?.close();
    }
  }

  return (
    <Card title={t('account.hop.title')}>
      <Typography.Paragraph type="secondary">{t(`account.hop.text.${target}`)}</Typography.Paragraph>
      <Button icon={<ExportOutlined />} loading={issue.isPending} onClick={() => void open()}>
        {t(`account.hop.open.${target}`)}
      </Button>
    </Card>
  );
}
