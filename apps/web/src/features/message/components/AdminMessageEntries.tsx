import { NotificationOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * The admin consoles' two message screens, at the paths their server menu routes (the same in
 * the CDN and DNS admin consoles): the drawer and the management screen link to them.
 */
export const ADMIN_MESSAGE_PATHS = { publish: '/message/publish', manage: '/message/manage' } as const;

function Entry({
  icon,
  title,
  hint,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  onClick: () => void;
}) {
  return (
    <Card hoverable size="small" onClick={onClick} role="link" aria-label={title}>
      <Flex gap={16} align="center">
        <span style={{ fontSize: 28, color: 'var(--ant-color-primary)' }}>{icon}</span>
        <div>
          <Typography.Text strong>{title}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{hint}</Typography.Text>
        </div>
      </Flex>
    </Card>
  );
}

export function AdminMessageEntries({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const go = (path: string) => {
    onNavigate();
    void navigate(path);
  };
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('message.drawer.adminIntro')}
      </Typography.Paragraph>
      <Entry
        icon={<NotificationOutlined />}
        title={t('message.drawer.publish')}
        hint={t('message.drawer.publishHint')}
        onClick={() => go(ADMIN_MESSAGE_PATHS.publish)}
      />
      <Entry
        icon={<UnorderedListOutlined />}
        title={t('message.drawer.manage')}
        hint={t('message.drawer.manageHint')}
        onClick={() => go(ADMIN_MESSAGE_PATHS.manage)}
      />
    </Flex>
  );
}
