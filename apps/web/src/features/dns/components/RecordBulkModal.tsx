import { DNS_LIMITS } from '@nimbus/contract';
import { Alert, Flex, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBulkRecords } from '@/features/dns/hooks/useDns';
import { bulkProblemText, parseBulkRecords } from '@/features/dns/lib/bulk-records';
import { ApiError } from '@/shared/api/client';
import { useFeedback } from '@/shared/feedback/feedback-context';

interface RecordBulkModalProps {
  zoneId: number;
  zoneName: string;
  open: boolean;
  onClose: () => void;
}

/**
 * Adds many records at once: one per line, `host type value [ttl] [priority]`. The lines are
 * checked here with the contract's schema and every bad line is named; the server adds all of
 * them or none.
 */
export function RecordBulkModal({ zoneId, zoneName, open, onClose }: RecordBulkModalProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const bulk = useBulkRecords();
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<string[]>([]);

  const close = () => {
    setText('');
    setErrors([]);
    onClose();
  };

  const submit = async () => {
    const parsed = parseBulkRecords(text);
    if (!parsed.ok) {
      setErrors(
        parsed.tooMany
          ? [t('dns.bulkTooMany', { max: DNS_LIMITS.bulkMax })]
          : parsed.problems.map((problem) => bulkProblemText(problem, t)),
      );
      return;
    }
    setErrors([]);
    try {
      const { changed } = await bulk.mutateAsync({ zoneId, records: parsed.records });
      void message.success(t('dns.bulk.added', { n: changed }));
      close();
    } catch (error) {
      if (error instanceof ApiError) setErrors([error.msg]);
    }
  };

  return (
    <Modal
      open={open}
      title={t('dns.bulk.title', { name: zoneName })}
      width={760}
      okText={t('dns.bulk.ok')}
      cancelText={t('confirm.cancel')}
      confirmLoading={bulk.isPending}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('dns.bulk.intro', { max: DNS_LIMITS.bulkMax })}
        </Typography.Paragraph>
        <Typography.Paragraph code style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
          {t('dns.bulk.example')}
        </Typography.Paragraph>
        <Typography.Text type="secondary">{t('dns.bulk.notes')}</Typography.Text>
        <Input.TextArea
          aria-label={t('dns.bulk.label')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (errors.length) setErrors([]);
          }}
          autoSize={{ minRows: 8, maxRows: 20 }}
          spellCheck={false}
          style={{ fontFamily: 'monospace' }}
        />
        {errors.length > 0 && (
          <Alert
            type="error"
            showIcon
            title={t('dns.bulk.refused')}
            description={
              <Flex vertical gap={2}>
                {errors.slice(0, 20).map((error) => (
                  <span key={error}>{error}</span>
                ))}
                {errors.length > 20 && <span>{t('dns.bulk.moreErrors', { n: errors.length - 20 })}</span>}
              </Flex>
            }
          />
        )}
      </Flex>
    </Modal>
  );
}
