import { Alert, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DiffView } from '@/features/site-admin/components/history/DiffView';
import { useSiteVersion } from '@/features/site-admin/hooks/useSiteHistory';
import { stableJson } from '@/features/site-admin/lib/diff-lines';

/** What one version changed against the one before it: the settings, then the nginx file. */
export function VersionChanges({ siteId, versionId }: { siteId: number; versionId: number }) {
  const { t } = useTranslation();
  const version = useSiteVersion(siteId, versionId);
  if (version.isError) return <Alert type="error" showIcon title={t('siteAdmin.history.detailFailed')} />;
  if (!version.data) return <Spin />;
  const { data } = version;
  const settingsLabel = t('siteAdmin.history.settingsDiff');
  const nginxLabel = t('siteAdmin.history.nginxDiff');
  return (
    <Flex vertical gap={12}>
      {data.previousSnapshot === null && (
        <Typography.Text type="secondary">{t('siteAdmin.history.first')}</Typography.Text>
      )}
      <Typography.Text strong>{settingsLabel}</Typography.Text>
      <DiffView
        label={settingsLabel}
        before={stableJson(data.previousSnapshot)}
        after={stableJson(data.snapshot)}
      />
      <Typography.Text strong>{nginxLabel}</Typography.Text>
      <DiffView label={nginxLabel} before={data.previousNginx} after={data.nginx} />
    </Flex>
  );
}
