import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The new key, right after it was made. The server keeps only its hash, so this dialog is the
 * one time it can be copied; it closes only by its button, never by a stray click outside.
 */
export function ApiKeyRevealModal({ apiKey, onClose }: { apiKey: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={apiKey !== undefined}
      title={t('apiKey.reveal.title')}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('apiKey.reveal.done')}
        </Button>
      }
      width={640}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('apiKey.reveal.warning')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph
        code
        copyable={{ tooltips: [t('apiKey.reveal.copy'), t('apiKey.reveal.copied')] }}
        data-testid="api-key-value"
        style={{ wordBreak: 'break-all' }}
      >
        {apiKey}
      </Typography.Paragraph>
    </Modal>
  );
}
