import type { EdgeNodeSaved } from '@nimbus/contract';
import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The node's token and one-line install command, right after create or rotate. The server keeps
 * only the token's hash, so this dialog is the one time they can be copied.
 */
export function NodeTokenModal({
  saved,
  onClose,
}: {
  saved: EdgeNodeSaved | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={saved !== undefined}
      title={t('edgeNodes.token.title', { name: saved?.node.name ?? '' })}
      onCancel={onClose}
      // Closing by a stray click outside would lose the only copy.
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('edgeNodes.token.done')}
        </Button>
      }
      width={720}
      destroyOnHidden
    >
      {saved && (
        <>
          <Alert type="warning" showIcon title={t('edgeNodes.token.warning')} style={{ marginBottom: 16 }} />
          {saved.token && !saved.installCommand && (
            <Alert
              type="info"
              showIcon
              title={t('edgeNodes.token.noPublicUrl')}
              style={{ marginBottom: 16 }}
            />
          )}
          {saved.installCommand && (
            <>
              <Typography.Paragraph strong>{t('edgeNodes.token.commandLabel')}</Typography.Paragraph>
              <Typography.Paragraph type="secondary">{t('edgeNodes.token.commandHelp')}</Typography.Paragraph>
              <Typography.Paragraph
                code
                copyable={{ tooltips: [t('edgeNodes.token.copy'), t('edgeNodes.token.copied')] }}
                data-testid="install-command"
                style={{ wordBreak: 'break-all' }}
              >
                {saved.installCommand}
              </Typography.Paragraph>
            </>
          )}
          {saved.token && (
            <>
              <Typography.Paragraph strong>{t('edgeNodes.token.tokenLabel')}</Typography.Paragraph>
              <Typography.Paragraph
                code
                copyable={{ tooltips: [t('edgeNodes.token.copy'), t('edgeNodes.token.copied')] }}
                style={{ wordBreak: 'break-all' }}
              >
                {saved.token}
              </Typography.Paragraph>
            </>
          )}
        </>
      )}
    </Modal>
  );
}
