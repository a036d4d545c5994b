import { UploadOutlined } from '@ant-design/icons';
import type { DnsImportResult } from '@nimbus/contract';
import { Alert, Button, Flex, Input, Modal, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportRecords } from '@/features/dns/hooks/useDns';
import { ApiError } from '@/shared/api/client';
import { useFeedback } from '@/shared/feedback/feedback-context';

interface RecordImportModalProps {
  zoneId: number;
  zoneName: string;
  open: boolean;
  onClose: () => void;
}

/**
 * Imports a BIND zone file, pasted or chosen from disk: the server adds all of its records or
 * none, and lists the lines it left out (the platform's SOA and NS, records already there).
 */
export function RecordImportModal({ zoneId, zoneName, open, onClose }: RecordImportModalProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const importRecords = useImportRecords();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<DnsImportResult>();

  const close = () => {
    setText('');
    setError(undefined);
    setResult(undefined);
    onClose();
  };

  const submit = async () => {
    if (!text.trim()) {
      setError(t('dns.import.empty'));
      return;
    }
    try {
      const answer = await importRecords.mutateAsync({ zoneId, text });
      void message.success(t('dns.import.added', { n: answer.added }));
      if (answer.skipped.length) setResult(answer);
      else close();
    } catch (failure) {
      if (failure instanceof ApiError) setError(failure.msg);
    }
  };

  return (
    <Modal
      open={open}
      title={t('dns.import.title', { name: zoneName })}
      width={760}
      okText={result ? t('dns.import.done') : t('dns.import.ok')}
      cancelText={t('confirm.cancel')}
      confirmLoading={importRecords.isPending}
      onOk={() => (result ? close() : void submit())}
      onCancel={close}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('dns.import.intro')}
        </Typography.Paragraph>
        <Flex gap={8} align="center">
          <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
            {t('dns.import.chooseFile')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".zone,.txt,.db,text/plain"
            hidden
            aria-label={t('dns.import.chooseFile')}
            onChange={async (event) => {
              const file = event.target.files?.[0];
              if (file) setText(await file.text());
              event.target.value = '';
            }}
          />
        </Flex>
        <Input.TextArea
          aria-label={t('dns.import.label')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
          autoSize={{ minRows: 8, maxRows: 20 }}
          spellCheck={false}
          style={{ fontFamily: 'monospace' }}
        />
        {error && <Alert type="error" showIcon title={t('dns.import.refused')} description={error} />}
        {result && (
          <Alert
            type="info"
            showIcon
            title={t('dns.import.skipped', { n: result.skipped.length })}
            description={
              <Flex vertical gap={2}>
                {result.skipped.slice(0, 20).map((skip) => (
                  <span key={skip.line}>
                    {t('dns.import.skippedLine', { line: skip.line, reason: skip.reason })}
                  </span>
                ))}
              </Flex>
            }
          />
        )}
      </Flex>
    </Modal>
  );
}
