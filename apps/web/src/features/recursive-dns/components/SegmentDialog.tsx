import { SEGMENT_TYPE, type IpSegmentRow } from '@nimbus/contract';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { RuleDialog } from '@/features/recursive-dns/components/RuleDialog';
import { useProblemRule } from '@/features/recursive-dns/hooks/useProblemRule';
import { ALL_SEGMENTS_TEXT, segmentLinesProblem } from '@/features/recursive-dns/lib/recursive-form';

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
  const [form] = Form.useForm<SegmentValues>();
  const type = Form.useWatch('type', form);
  const check = useProblemRule();

  return (
    <RuleDialog<SegmentValues>
      open={open}
      id={segment?.id}
      title={segment ? t('recursiveDns.segment.editTitle') : t('recursiveDns.segment.addTitle')}
      form={form}
      initialValues={
        segment
          ? { type: segment.type, segments: segment.segment, remark: segment.remark }
          : { type: SEGMENT_TYPE.specified, segments: '', remark: '' }
      }
      request={(values) => ({
        mode: 2,
        type: values.type === SEGMENT_TYPE.all ? 2 : 1,
        segments: values.segments,
        remark: values.remark,
      })}
      onClose={onClose}
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
        rules={[check((value) => segmentLinesProblem(value, segment !== undefined))]}
      >
        <Input.TextArea
          rows={6}
          disabled={type === SEGMENT_TYPE.all}
          placeholder={'192.168.1.1-192.168.1.254\n10.8.0.0/16\n2001:db8::/48'}
        />
      </Form.Item>
    </RuleDialog>
  );
}
