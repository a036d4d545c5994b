import {
  BLOCK_SOURCES,
  BLOCKLIST_LIMITS,
  blocklistConditionRequestSchema,
  type BlockSource,
  type BlocklistConditionRequest,
} from '@nimbus/contract';
import { Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { blocklistApi } from '@/features/blocklist/api/blocklist-api';
import { useBlocklistChange } from '@/features/blocklist/hooks/useBlocklist';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { parseWith } from '@/shared/forms/form-issues';
import { useFormIssues } from '@/shared/forms/useFormIssues';

interface Values {
  reason?: string;
  source?: BlockSource;
  siteId?: number | null;
  olderThanHours?: number | null;
}

const LABELS = {
  reason: 'blocklist.conditionDialog.reason',
  source: 'blocklist.conditionDialog.source',
  siteId: 'blocklist.conditionDialog.siteId',
  olderThanHours: 'blocklist.conditionDialog.olderThanHours',
} as const;

/** The conditions given, and only those: an empty field is no condition. */
export function conditionRequest(values: Values): BlocklistConditionRequest {
  const reason = values.reason?.trim();
  return {
    ...(reason ? { reason } : {}),
    ...(values.source ? { source: values.source } : {}),
    ...(values.siteId ? { siteId: values.siteId } : {}),
    ...(values.olderThanHours ? { olderThanHours: values.olderThanHours } : {}),
  };
}

/**
 * Conditional release: every active entry matching all the given conditions (reason contains,
 * source, site, age). The contract refuses an empty form, so "release everything" is never one
 * click away; a confirmation says how wide it goes before anything is sent.
 */
export function ConditionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const [form] = Form.useForm<Values>();
  const showIssues = useFormIssues(form, LABELS);
  const release = useBlocklistChange(blocklistApi.releaseWhere);

  const submit = async (values: Values) => {
    const body = conditionRequest(values);
    const parsed = parseWith(blocklistConditionRequestSchema, body);
    if (!parsed.ok) return showIssues(parsed.issues);
    const confirmed = await modal.confirm({
      title: t('blocklist.conditionDialog.confirmTitle'),
      content: t('blocklist.conditionDialog.confirmText'),
      okText: t('blocklist.conditionDialog.confirmOk'),
      okButtonProps: { danger: true },
      cancelText: t('blocklist.conditionDialog.cancel'),
    });
    if (!confirmed) return;
    let released: number;
    try {
      ({ released } = await release.mutateAsync(body));
    } catch {
      return;
    }
    void message.success(t('blocklist.released', { count: released }));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('blocklist.conditionDialog.title')}
      okText={t('blocklist.conditionDialog.ok')}
      cancelText={t('blocklist.conditionDialog.cancel')}
      okButtonProps={{ danger: true }}
      confirmLoading={release.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('blocklist.conditionDialog.intro')}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" preserve={false} onFinish={(values) => void submit(values)}>
        <Form.Item name="reason" label={t(LABELS.reason)}>
          <Input maxLength={BLOCKLIST_LIMITS.reason} />
        </Form.Item>
        <Form.Item name="source" label={t(LABELS.source)}>
          <Select<BlockSource>
            allowClear
            placeholder={t('blocklist.conditionDialog.anySource')}
            options={BLOCK_SOURCES.map((source) => ({
              value: source,
              label: t(`blocklist.source.${source}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="siteId" label={t(LABELS.siteId)}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="olderThanHours" label={t(LABELS.olderThanHours)}>
          <InputNumber
            min={1}
            max={87_600}
            precision={0}
            style={{ width: '100%' }}
            suffix={t('blocklist.conditionDialog.hoursUnit')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
