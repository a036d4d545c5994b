import { siteGroupSaveRequestSchema, type SiteGroup } from '@nimbus/contract';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSaveSiteGroup } from '@/features/sites/hooks/useSiteGroups';
import { zodRule } from '@/shared/forms/zod-rules';
import { useFreshOpening } from '@/shared/forms/useFreshOpening';
import { useFeedback } from '@/shared/feedback/feedback-context';

interface SiteGroupModalProps {
  /** A group to edit, 'new' to add one, undefined when closed. */
  editing: SiteGroup | 'new' | undefined;
  onClose: () => void;
}

const { shape } = siteGroupSaveRequestSchema;

/** Adds or renames a site group; name and remark checked with the contract's rules. */
export function SiteGroupModal({ editing, onClose }: SiteGroupModalProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ name: string; remark: string }>();
  const save = useSaveSiteGroup();
  const group = editing === 'new' ? undefined : editing;
  const nameLabel = t('sites.group.name');
  const remarkLabel = t('sites.group.remark');
  useFreshOpening(form, editing, { name: group?.name ?? '', remark: group?.remark ?? '' });

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      await save.mutateAsync({
        id: group?.id,
        name: values.name.trim(),
        remark: (values.remark ?? '').trim(),
      });
    } catch {
      return;
    }
    void message.success(group ? t('sites.group.saved') : t('sites.group.added'));
    onClose();
  };

  return (
    <Modal
      open={editing !== undefined}
      title={group ? t('sites.group.editTitle', { name: group.name }) : t('sites.group.addTitle')}
      okText={t('sites.group.ok')}
      cancelText={t('confirm.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ name: group?.name ?? '', remark: group?.remark ?? '' }}
        validateTrigger={['onChange', 'onBlur']}
      >
        <Form.Item
          name="name"
          label={nameLabel}
          extra={t('sites.group.nameHelp')}
          rules={[zodRule(shape.name, t, nameLabel, true)]}
        >
          <Input maxLength={64} showCount />
        </Form.Item>
        <Form.Item name="remark" label={remarkLabel} rules={[zodRule(shape.remark, t, remarkLabel)]}>
          <Input.TextArea maxLength={255} showCount rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
