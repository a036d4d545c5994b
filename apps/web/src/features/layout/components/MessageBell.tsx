import { BellOutlined } from '@ant-design/icons';
import { MESSAGE_BADGE_MAX } from '@nimbus/contract';
import { Badge, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '@/features/message/hooks/useUnreadCount';
import { lazyNamed } from '@/shared/lazy/lazy-page';
import { MountWhenOpened } from '@/shared/lazy/MountWhenOpened';

const MessageDrawer = lazyNamed(() => import('@/features/message/components/MessageDrawer'), 'MessageDrawer');

/** The header bell: unread badge (at most 99+) opening the 450 px message drawer. */
export function MessageBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount();
  return (
    <>
      <Tooltip title={t('layout.messages')}>
        <Button
          type="text"
          // The badge's number is visible text, so it is part of the name (WCAG 2.5.3).
          aria-label={
            unread > 0
              ? `${t('layout.messages')} ${unread > MESSAGE_BADGE_MAX ? `${MESSAGE_BADGE_MAX}+` : unread}`
              : t('layout.messages')
          }
          onClick={() => setOpen(true)}
        >
          <Badge count={unread} overflowCount={MESSAGE_BADGE_MAX} size="small">
            <BellOutlined style={{ fontSize: 17 }} />
          </Badge>
        </Button>
      </Tooltip>
      <MountWhenOpened open={open}>
        <MessageDrawer open={open} onClose={() => setOpen(false)} />
      </MountWhenOpened>
    </>
  );
}
