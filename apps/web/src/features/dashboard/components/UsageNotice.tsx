import { LineChartOutlined } from '@ant-design/icons';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '@/shared/ui/Panel';
import { MutedText } from '@/shared/ui/PlainText';

/**
 * Traffic and usage come from the edge nodes' logs, which a later stage collects. Until then the
 * CDN dashboard says so instead of drawing numbers it does not have (the DNS dashboard has its
 * real numbers: DnsUsage).
 */
export function UsageNotice() {
  const { t } = useTranslation();
  return (
    <Panel
      title={
        <span>
          <LineChartOutlined /> {t('dashboard.usageTitle')}
        </span>
      }
      style={{ height: '100%' }}
    >
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <span>{t('dashboard.usagePending')}</span>
            <br />
            <MutedText>{t('dashboard.usageHint')}</MutedText>
          </>
        }
      />
    </Panel>
  );
}
