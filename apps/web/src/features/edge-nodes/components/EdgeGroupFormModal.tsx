import { EDGE_CONTROL_PORT, edgeGroupSaveRequestSchema, type EdgeGroup } from '@nimbus/contract';
import { Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSaveEdgeGroup } from '@/features/edge-nodes/hooks/useEdgeGroups';
import { zodRule } from '@/shared/forms/zod-rules';
import { useFreshOpening } from '@/shared/forms/useFreshOpening';
import { useFeedback } from '@/shared/feedback/feedback-context';

interface Values {
  name: string;
  remark?: string;
  isDefault: boolean;
  /** Tags as typed: strings until saved. */
  reservedPorts: (string | number)[];
}

const { shape } = edgeGroupSaveRequestSchema;

export function EdgeGroupFormModal({
  editing,
  onClose,
}: {
  /** 'new' to add a group; undefined keeps the dialog closed. */
  editing: EdgeGroup | 'new' | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const save = useSaveEdgeGroup();
  const isNew = editing === 'new';
  const label = (key: string) => t(`edgeNodes.groupForm.${key}`);

  const initialValues: Values =
    editing && editing !== 'new'
      ? {
          name: editing.name,
          remark: editing.remark,
          isDefault: editing.isDefault,
          reservedPorts: editing.reservedPorts,
        }
      : { name: '', remark: '', isDefault: false, reservedPorts: [] };
  useFreshOpening(form, editing, initialValues);

  const onFinish = (values: Values) => {
    if (!editing) return;
    save.mutate(
      {
        ...(editing === 'new' ? {} : { id: editing.id }),
        name: values.name.trim(),
        remark: (values.remark ?? '').trim(),
        isDefault: values.isDefault,
        reservedPorts: (values.reservedPorts ?? []).map(Number),
      },
      {
        onSuccess: () => {
          void message.success(t('common.saved'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={editing !== undefined}
      title={isNew ? label('addTitle') : label('editTitle')}
      okText={label('ok')}
      cancelText={label('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        validateTrigger={['onChange', 'onBlur']}
        preserve={false}
      >
        <Form.Item name="name" label={label('name')} rules={[zodRule(shape.name, t, label('name'), true)]}>
          <Input maxLength={64} placeholder={label('namePlaceholder')} />
        </Form.Item>
        <Form.Item name="remark" label={label('remark')} rules={[zodRule(shape.remark, t, label('remark'))]}>
          <Input.TextArea rows={3} maxLength={255} showCount />
        </Form.Item>
        <Form.Item
          name="isDefault"
          label={label('isDefault')}
          extra={label('isDefaultHelp')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="reservedPorts"
          label={label('reservedPorts')}
          extra={t('edgeNodes.groupForm.reservedPortsHelp', { control: EDGE_CONTROL_PORT })}
          rules={[zodRule(shape.reservedPorts, t, label('reservedPorts'))]}
        >
          <Select
            mode="tags"
            open={false}
            suffixIcon={null}
            tokenSeparators={[',', ' ', '|']}
            placeholder={label('reservedPortsPlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
