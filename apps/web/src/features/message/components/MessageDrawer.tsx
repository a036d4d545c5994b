import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentVariant } from '@/app/variant';
import { AdminMessageEntries } from '@/features/message/components/AdminMessageEntries';
import { CustomerMessageFeed } from '@/features/message/components/CustomerMessageFeed';

/** Spec §2 Layout / §9: the header's message drawer is 450 px wide. */
export const MESSAGE_DRAWER_WIDTH = 450;

export interface MessageDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** Customers see their newest messages; admins get the publishing and management entries. */
export function MessageDrawer({ open, onClose }: MessageDrawerProps) {
  const { t } = useTranslation();
  const isAdmin = currentVariant.side === 'admin';
  return (
    <Drawer
      title={t('message.drawer.title')}
      placement="right"
      size={MESSAGE_DRAWER_WIDTH}
      open={open}
      onClose={onClose}
      destroyOnHidden
      styles={{ body: { padding: isAdmin ? 24 : 0, display: 'flex', flexDirection: 'column' } }}
    >
      {isAdmin ? <AdminMessageEntries onNavigate={onClose} /> : <CustomerMessageFeed onNavigate={onClose} />}
    </Drawer>
  );
}
