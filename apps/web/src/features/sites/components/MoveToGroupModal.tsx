import { Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SiteGroupSelect, UNGROUPED } from '@/features/sites/components/SiteGroupSelect';
import { useAssignSiteGroup } from '@/features/sites/hooks/useSiteGroups';
import { useFreshOpening } from '@/shared/forms/useFreshOpening';
import { useFeedback } from '@/shared/feedback/feedback-context';

interface MoveToGroupModalProps {
  /** The sites to move; undefined keeps the dialog closed. */
  siteIds: number[] | undefined;
  onClose: (moved: boolean) => void;
}

/** Puts the selected sites into one of the customer's groups, or takes them out of any. */
export function MoveToGroupModal({ siteIds, onClose }: MoveToGroupModalProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ groupId: number }>();
  const assign = useAssignSiteGroup();
  const label = t('sites.move.group');
  useFreshOpening(form, siteIds, { groupId: undefined });

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values || !siteIds) return;
    try {
      await assign.mutateAsync({
        groupId: values.groupId === UNGROUPED ? null : values.groupId,
        siteIds,
      });
    } catch {
      return;
    }
    void message.success(t('common.ok'));
    onClose(true);
  };

  return (
    <Modal
      open={siteIds !== undefined}
      title={t('sites.move.title')}
      okText={t('sites.move.ok')}
      cancelText={t('confirm.cancel')}
      confirmLoading={assign.isPending}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('sites.move.intro', { n: siteIds?.length ?? 0 })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="groupId"
          label={label}
          extra={t('sites.move.help')}
          rules={[{ required: true, message: t('validation.required', { field: label }) }]}
        >
          <SiteGroupSelect withUngrouped aria-label={label} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
