import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { SIDER_WIDTH } from '@/features/layout/lib/breakpoints';

/**
 * The side menu on phones. A chunk of its own, mounted when first opened: antd's Drawer (about
 * 5 KB gzip) is not part of the console frame that every desktop first load carries.
 */
export function MenuDrawer({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={SIDER_WIDTH + 40}
      closable={false}
      styles={{ body: { padding: 0 } }}
    >
      {children}
    </Drawer>
  );
}
