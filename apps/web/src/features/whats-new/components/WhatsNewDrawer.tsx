import { Button, Drawer, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReleaseList } from '@/features/whats-new/components/ReleaseList';
import { useReleaseNotes } from '@/features/whats-new/hooks/useReleaseNotes';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { MutedText } from '@/shared/ui/PlainText';

/** As wide as the header's message drawer (spec §2 Layout), so the two feel alike. */
export const WHATS_NEW_DRAWER_WIDTH = 450;

export interface WhatsNewDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** "What's new" from the avatar menu of every console: Nimbus's release notes, newest first. */
export function WhatsNewDrawer({ open, onClose }: WhatsNewDrawerProps) {
  const { t } = useTranslation();
  const notes = useReleaseNotes();
  const failedFirst = notes.isError && notes.releases.length === 0;

  return (
    <Drawer
      title={t('whatsNew.title')}
      placement="right"
      size={WHATS_NEW_DRAWER_WIDTH}
      open={open}
      onClose={onClose}
      destroyOnHidden
      styles={{ body: { padding: 0, overflow: 'hidden' } }}
    >
      {/* The notes scroll in a region of their own that takes keyboard focus, so they can be
          read without a mouse (WCAG 2.1.1; axe's scrollable-region-focusable). */}
      <div
        role="region"
        aria-label={t('whatsNew.title')}
        tabIndex={0}
        style={{ height: '100%', overflowY: 'auto', padding: 24 }}
      >
        {notes.isPending ? (
          <Skeleton active />
        ) : failedFirst ? (
          <LoadFailed
            title={t('whatsNew.loadFailed')}
            retryLabel={t('whatsNew.retry')}
            onRetry={() => void notes.refetch()}
          />
        ) : notes.releases.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('whatsNew.empty')}
            style={{ marginTop: 48 }}
          />
        ) : (
          <>
            <MutedText block>{t('whatsNew.intro')}</MutedText>
            <ReleaseList releases={notes.releases} />
            {notes.hasNextPage && (
              <Button
                block
                loading={notes.isFetchingNextPage}
                onClick={() => void notes.fetchNextPage()}
                style={{ marginTop: 8 }}
              >
                {t('whatsNew.more')}
              </Button>
            )}
          </>
        )}
      </div>
    </Drawer>
  );
}
