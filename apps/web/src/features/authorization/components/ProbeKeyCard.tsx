import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { maskKey } from '@/features/authorization/lib/probe-commands';

export interface ProbeKeyCardProps {
  probeKey: string;
  revealed: boolean;
  onToggleReveal: () => void;
  onRotate: () => void;
  rotating: boolean;
}

/**
 * The platform key, hidden until asked for (someone may be looking over the admin's shoulder);
 * copying always copies the whole key. Rotating is confirmed by the caller.
 */
export function ProbeKeyCard({ probeKey, revealed, onToggleReveal, onRotate, rotating }: ProbeKeyCardProps) {
  const { t } = useTranslation();
  return (
    <Card title={t('authorization.key.title')}>
      <Typography.Paragraph type="secondary">{t('authorization.key.intro')}</Typography.Paragraph>
      <Flex align="center" gap={8} wrap>
        <Typography.Text
          code
          data-testid="authorization-key"
          style={{ wordBreak: 'break-all' }}
          copyable={{
            text: probeKey,
            tooltips: [t('authorization.key.copy'), t('authorization.key.copied')],
          }}
        >
          {revealed ? probeKey : maskKey(probeKey)}
        </Typography.Text>
        <Button
          size="small"
          icon={revealed ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={onToggleReveal}
        >
          {revealed ? t('authorization.key.hide') : t('authorization.key.reveal')}
        </Button>
      </Flex>
      <Flex gap={8} style={{ marginTop: 16 }}>
        <Button danger loading={rotating} onClick={onRotate}>
          {t('authorization.key.rotate')}
        </Button>
      </Flex>
    </Card>
  );
}
