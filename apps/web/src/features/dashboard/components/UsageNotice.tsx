import { LineChartOutlined } from '@ant-design/icons';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Traffic and usage come from the edge nodes' logs (CDN) or the authoritative DNS servers' counters
 * (DNS), which later stages collect. Until then the dashboard says so instead of drawing numbers
 * it does not have.
 */
export function UsageNotice({ product }: { product: 'cdn' | 'dns' }) {
  const { t } = useTranslation();
  return (
    <Card
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
            <Typography.Text>{t(`dashboard.usagePending.${product}`)}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t(`dashboard.usageHint.${product}`)}</Typography.Text>
          </>
        }
      />
    </Card>
  );
}
