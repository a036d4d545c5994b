import { Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** An image address with a live preview (no upload endpoint yet: URL, site path or data:image). */
export function ImageUrlInput({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={12} align="center">
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder={t('systemConfig.imagePlaceholder')}
        allowClear
        style={{ flex: 1 }}
      />
      <Flex
        align="center"
        justify="center"
        style={{
          width: 120,
          height: 40,
          flex: 'none',
          border: '1px dashed var(--ant-color-border)',
          borderRadius: 6,
          background: 'var(--ant-color-fill-quaternary)',
          overflow: 'hidden',
        }}
      >
        {value ? (
          <img src={value} alt={t('systemConfig.preview')} style={{ maxWidth: '100%', maxHeight: '100%' }} />
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('systemConfig.noImage')}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
