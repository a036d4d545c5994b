import { CheckCircleFilled, CloseCircleFilled, SyncOutlined } from '@ant-design/icons';
import type { Site } from '@nimbus/contract';
import { Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { configStateKinds } from '@/features/config-state/lib/config-state';

/**
 * After a tab's save: "saved" first, then how far the change has reached the site's nodes, until
 * every node runs it ("applied on n/n nodes") or one refuses it. The site is read again every 2 s
 * meanwhile (useSite). A site still awaiting its domain proof is saved but not sent anywhere.
 */
export function SaveProgress({ site }: { site: Site }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { config } = site;
  const kinds = configStateKinds(config);
  let icon = <SyncOutlined spin style={{ color: token.colorPrimary }} />;
  let text = t('siteAdmin.progress.applying', { n: config.applied, total: config.total });
  if (!site.verified) {
    icon = <CheckCircleFilled style={{ color: token.colorWarning }} />;
    text = t('siteAdmin.progress.awaiting');
  } else if (kinds.includes('noNodes')) {
    icon = <CheckCircleFilled style={{ color: token.colorWarning }} />;
    text = t('siteAdmin.progress.noNodes');
  } else if (kinds.includes('failed')) {
    icon = <CloseCircleFilled style={{ color: token.colorError }} />;
    text = t('siteAdmin.progress.failed', {
      n: config.failed,
      total: config.total,
      error: config.failures.map((f) => `${f.node}: ${f.error || t('configState.nodeRefused')}`).join('; '),
    });
  } else if (kinds[0] === 'applied') {
    icon = <CheckCircleFilled style={{ color: token.colorSuccess }} />;
    text = t('siteAdmin.progress.applied', { n: config.applied, total: config.total });
  }
  return (
    <Flex gap={8} align="center" role="status">
      {icon}
      <Typography.Text>{text}</Typography.Text>
    </Flex>
  );
}
