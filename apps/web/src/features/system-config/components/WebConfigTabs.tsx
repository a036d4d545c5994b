import { WEB_CONFIG_SECTIONS } from '@nimbus/contract';
import { Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { WebConfigSectionForm } from '@/features/system-config/components/WebConfigSectionForm';
import { useWebConfigForEdit } from '@/features/system-config/hooks/useWebConfigAdmin';

/** One tab per web config section (spec §3), each saved on its own. */
export function WebConfigTabs() {
  const { t } = useTranslation();
  const { data, isError, refetch } = useWebConfigForEdit();
  if (!data)
    return isError ? (
      <LoadFailed
        title={t('systemConfig.loadFailed')}
        retryLabel={t('systemConfig.retry')}
        onRetry={() => void refetch()}
      />
    ) : (
      <Skeleton active paragraph={{ rows: 8 }} />
    );
  return (
    <Tabs
      items={WEB_CONFIG_SECTIONS.map((section) => ({
        key: section,
        label: t(`systemConfig.section.${section}.title`),
        children: (
          <>
            <Typography.Paragraph type="secondary">
              {t(`systemConfig.section.${section}.description`)}
            </Typography.Paragraph>
            <WebConfigSectionForm section={section} value={data[section]} />
          </>
        ),
      }))}
    />
  );
}
