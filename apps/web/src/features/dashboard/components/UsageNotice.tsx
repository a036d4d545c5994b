import { LineChartOutlined } from '@ant-design/icons';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '@/shared/ui/Panel';
import { MutedText } from '@/shared/ui/PlainText';

/**
 * Traffic and usage come from the edge nodes' logs (CDN) or the authoritative DNS servers' counters
 * (DNS), which later stages collect. Until then the dashboard says so instead of drawing numbers
 * it does not have.
 */
export function UsageNotice({ product }: { product: 'cdn' | 'dns' }) {
  const { t } = useTranslation();
  return (
    <Panel
      title={
        <span>
          <LineChartOutlined /> {t(`dashboard.usageTitle.${product}`)}
        </span>
      }
      style={{ height: '100%' }}
    >
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <span>{t(`dashboard.usagePending.${product}`)}</span>
            <br />
            <MutedText>{t(`dashboard.usageHint.${product}`)}</MutedText>
          </>
        }
      />
    </Panel>
  );
}
