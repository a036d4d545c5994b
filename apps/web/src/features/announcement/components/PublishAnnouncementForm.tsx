import { announcementPublishRequestSchema, type AnnouncementPublishRequest } from '@nimbus/contract';
import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ADMIN_MESSAGE_PATHS } from '@/features/message/components/AdminMessageEntries';
import { usePublishAnnouncement } from '@/features/announcement/hooks/useAnnouncements';
import { zodRule } from '@/shared/forms/zod-rules';
import { useFeedback } from '@/shared/feedback/feedback-context';

const { shape } = announcementPublishRequestSchema;

/** Title + content, checked with the contract's schema; publishing to everyone is confirmed first. */
export function PublishAnnouncementForm() {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<AnnouncementPublishRequest>();
  const publish = usePublishAnnouncement();

  const titleLabel = t('announcement.publish.fieldTitle');
  const contentLabel = t('announcement.publish.fieldContent');

  const onFinish = (values: AnnouncementPublishRequest) => {
    void modal.confirm({
      title: t('announcement.publish.confirmTitle'),
      content: t('announcement.publish.confirmContent', { title: values.title.trim() }),
      okText: t('announcement.publish.confirmOk'),
      cancelText: t('announcement.publish.confirmCancel'),
      onOk: () =>
        publish
          .mutateAsync({ title: values.title.trim(), content: values.content.trim() })
          .then(() => {
            void message.success(t('message.published'));
            form.resetFields();
          })
          // The global handler shows the server's reason; the dialog just closes.
          .catch(() => undefined),
      onCancel: () => void message.info(t('announcement.publish.canceled')),
    });
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={onFinish}
      validateTrigger={['onChange', 'onBlur']}
      style={{ maxWidth: 760 }}
    >
      <Form.Item name="title" label={titleLabel} rules={[zodRule(shape.title, t, titleLabel, true)]}>
        <Input placeholder={t('announcement.publish.titlePlaceholder')} maxLength={200} showCount />
      </Form.Item>
      <Form.Item name="content" label={contentLabel} rules={[zodRule(shape.content, t, contentLabel, true)]}>
        <Input.TextArea
          placeholder={t('announcement.publish.contentPlaceholder')}
          rows={10}
          maxLength={20_000}
          showCount
        />
      </Form.Item>
      <Flex gap={8} wrap>
        <Button type="primary" htmlType="submit" loading={publish.isPending}>
          {t('announcement.publish.submit')}
        </Button>
        <Button onClick={() => form.resetFields()}>{t('announcement.publish.reset')}</Button>
        <Button type="link" onClick={() => void navigate(ADMIN_MESSAGE_PATHS.manage)}>
          {t('announcement.publish.toManage')}
        </Button>
      </Flex>
    </Form>
  );
}
