import {
  EDGE_LINES,
  edgeNodeSaveRequestSchema,
  type EdgeLine,
  type EdgeNode,
  type EdgeNodeSaved,
} from '@nimbus/contract';
import { Form, Input, Modal, Radio, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEdgeGroupOptions } from '@/features/edge-nodes/hooks/useEdgeGroups';
import { useSaveEdgeNode } from '@/features/edge-nodes/hooks/useEdgeNodes';
import { saveRequestOf } from '@/features/edge-nodes/lib/node-state';
import { zodRule } from '@/shared/forms/zod-rules';
import { useFreshOpening } from '@/shared/forms/useFreshOpening';
import { useFeedback } from '@/shared/feedback/feedback-context';

export const EDGE_GROUPS_PATH = '/edge/groups';

interface Values {
  name: string;
  ipv4: string;
  ipv6?: string;
  listenAddress?: string;
  groupId?: number;
  line: EdgeLine;
  enabled: boolean;
}

const { shape } = edgeNodeSaveRequestSchema;
const trimmed = (value: string | undefined) => (value ?? '').trim();

/** Add or edit a node, with the contract's rules; a new node's token comes back through onSaved. */
export function EdgeNodeFormModal({
  editing,
  onClose,
  onSaved,
}: {
  /** 'new' to add a node; undefined keeps the dialog closed. */
  editing: EdgeNode | 'new' | undefined;
  onClose: () => void;
  onSaved: (saved: EdgeNodeSaved) => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const save = useSaveEdgeNode();
  const { groups, loading } = useEdgeGroupOptions();
  const isNew = editing === 'new';
  const defaultGroupId = groups.find((g) => g.isDefault)?.id;
  const label = (key: string) => t(`edgeNodes.form.${key}`);

  // The groups may arrive after the dialog opened: a new node starts in the default group.
  useEffect(() => {
    if (isNew && defaultGroupId !== undefined && form.getFieldValue('groupId') === undefined)
      form.setFieldValue('groupId', defaultGroupId);
  }, [isNew, defaultGroupId, form]);

  const initialValues: Partial<Values> =
    editing && editing !== 'new'
      ? saveRequestOf(editing)
      : { line: 'main', enabled: true, groupId: defaultGroupId, ipv6: '', listenAddress: '' };
  useFreshOpening(form, editing, initialValues);

  const onFinish = (values: Values) => {
    if (!editing) return;
    save.mutate(
      {
        ...(editing === 'new' ? {} : { id: editing.id }),
        name: trimmed(values.name),
        ipv4: trimmed(values.ipv4),
        ipv6: trimmed(values.ipv6),
        listenAddress: trimmed(values.listenAddress),
        groupId: values.groupId!,
        line: values.line,
        enabled: values.enabled,
      },
      {
        onSuccess: (saved) => {
          void message.success(t('edge.nodeSaved'));
          onSaved(saved);
        },
      },
    );
  };

  const noGroups = !loading && groups.length === 0;
  const createGroupLink = (
    <Link to={EDGE_GROUPS_PATH} onClick={onClose}>
      {t('edgeNodes.form.createGroup')}
    </Link>
  );

  return (
    <Modal
      open={editing !== undefined}
      title={isNew ? t('edgeNodes.form.addTitle') : t('edgeNodes.form.editTitle')}
      okText={t('edgeNodes.form.ok')}
      cancelText={t('edgeNodes.form.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={600}
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
          <Input maxLength={64} placeholder={t('edgeNodes.form.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="ipv4" label={label('ipv4')} rules={[zodRule(shape.ipv4, t, label('ipv4'), true)]}>
          <Input placeholder="203.0.113.10" />
        </Form.Item>
        <Form.Item
          name="ipv6"
          label={label('ipv6')}
          extra={t('edgeNodes.form.ipv6Help')}
          rules={[zodRule(shape.ipv6, t, label('ipv6'))]}
        >
          <Input placeholder="2001:db8::10" />
        </Form.Item>
        <Form.Item
          name="listenAddress"
          label={label('listenAddress')}
          extra={t('edgeNodes.form.listenAddressHelp')}
          rules={[zodRule(shape.listenAddress, t, label('listenAddress'))]}
        >
          <Input placeholder={t('edgeNodes.form.listenAddressPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="groupId"
          label={label('group')}
          rules={[zodRule(shape.groupId, t, label('group'), true)]}
          extra={noGroups ? createGroupLink : undefined}
        >
          <Select
            loading={loading}
            placeholder={t('edgeNodes.form.groupPlaceholder')}
            options={groups.map((g) => ({ value: g.id, label: g.name }))}
            notFoundContent={createGroupLink}
          />
        </Form.Item>
        <Form.Item
          name="line"
          label={label('line')}
          extra={t('edgeNodes.form.lineHelp')}
          rules={[zodRule(shape.line, t, label('line'), true)]}
        >
          <Radio.Group
            optionType="button"
            options={EDGE_LINES.map((line) => ({ value: line, label: t(`edgeNodes.line.${line}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="enabled"
          label={label('enabled')}
          extra={t('edgeNodes.form.enabledHelp')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
