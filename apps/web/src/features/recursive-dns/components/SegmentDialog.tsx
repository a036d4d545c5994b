import { RECURSIVE_LIMITS, SEGMENT_TYPE, type IpSegmentRow } from '@nimbus/contract';
import { Form, Input, Modal, Radio } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { useSaveRecursive } from '@/features/recursive-dns/hooks/useRecursiveDns';
import { ALL_SEGMENTS_TEXT, segmentLinesProblem } from '@/features/recursive-dns/lib/recursive-form';
import { useFeedback } from '@/shared/feedback/feedback-context';

interface SegmentValues {
  type: number;
  segments: string;
  remark: string;
}

interface SegmentDialogProps {
  open: boolean;
  /** The segment to edit; without it the dialog adds some. */
  segment?: IpSegmentRow;
  onClose: () => void;
}

/**
 * Spec §5 IP segment dialog: start-end IPv4 lines (and CIDR blocks, IPv6), start not above end,
 * no overlap, every field required; "all" fills every address and the remark 'All IP segments'.
 * Overlaps with saved segments are the server's to find (its message is toasted).
 */
export function SegmentDialog({ open, segment, onClose }: SegmentDialogProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<SegmentValues>();
  const save = useSaveRecursive();
  const type = Form.useWatch('type', form);

  const linesRule: Rule = {
    validator: async (_, value: string | undefined) => {
      const problem = segmentLinesProblem(value, segment !== undefined);
      if (problem) throw new Error(t(problem.key, problem.values));
    },
  };

  const submit = async (values: SegmentValues) => {
    try {
      await save.mutateAsync({
        mode: 2,
        ...(segment ? { id: segment.id } : {}),
        type: values.type === SEGMENT_TYPE.all ? 2 : 1,
        segments: values.segments,
        remark: values.remark,
      });
    } catch {
      return;
    }
    void message.success(t('recursiveDns.saved'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={segment ? t('recursiveDns.segment.editTitle') : t('recursiveDns.segment.addTitle')}
      okText={t('recursiveDns.save')}
      cancelText={t('recursiveDns.confirm.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<SegmentValues>
        key={segment?.id ?? 'new'}
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          segment
            ? { type: segment.type, segments: segment.segment, remark: segment.remark }
            : { type: SEGMENT_TYPE.specified, segments: '', remark: '' }
        }
        validateTrigger={['onChange', 'onBlur']}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="type" label={t('recursiveDns.segment.type')}>
          <Radio.Group
            onChange={(event) => {
              if (event.target.value === SEGMENT_TYPE.all)
                form.setFieldsValue({ segments: ALL_SEGMENTS_TEXT, remark: t('recursiveDns.allRemark') });
              else form.setFieldsValue({ segments: '', remark: '' });
            }}
            options={[
              { value: SEGMENT_TYPE.specified, label: t('recursiveDns.segment.specified') },
              { value: SEGMENT_TYPE.all, label: t('recursiveDns.segment.all') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="segments"
          label={t('recursiveDns.segment.lines')}
          extra={t('recursiveDns.segment.linesHelp')}
          rules={[linesRule]}
        >
          <Input.TextArea
            rows={6}
            disabled={type === SEGMENT_TYPE.all}
            placeholder={'192.168.1.1-192.168.1.254\n10.8.0.0/16\n2001:db8::/48'}
          />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('recursiveDns.field.remark')}
          rules={[{ required: true, whitespace: true, message: t('recursiveDns.error.remarkRequired') }]}
        >
          <Input maxLength={RECURSIVE_LIMITS.remark} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
