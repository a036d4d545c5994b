import type { SiteConfigVersion } from '@nimbus/contract';
import { Button, Drawer, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VersionChanges } from '@/features/site-admin/components/history/VersionChanges';
import { useRollback, useSiteHistory } from '@/features/site-admin/hooks/useSiteHistory';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { DataTable } from '@/shared/ui/DataTable';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { formatDateTime } from '@/shared/format/date-time';

/**
 * Every saved version of the site (who, when, what), what each changed (settings and nginx
 * diff), and one-click rollback to an earlier one — confirmed, and saved as a new version.
 */
export function ConfigHistory({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<SiteConfigVersion>();
  const history = useSiteHistory(siteId, page);
  const rollback = useRollback(siteId);
  const newest = page === 1 ? history.data?.list[0]?.id : undefined;

  const changeText = (v: SiteConfigVersion) =>
    v.change === 'rollback' && v.restoredVersion !== null
      ? t('siteAdmin.history.change.rollbackTo', { version: v.restoredVersion })
      : v.change
          .split(',')
          .map((part) => t(`siteAdmin.history.change.${part}`, { defaultValue: part }))
          .join(t('siteAdmin.history.change.separator'));

  const confirmRollback = (v: SiteConfigVersion) =>
    void modal.confirm({
      title: t('siteAdmin.history.rollbackTitle', { version: v.version }),
      content: t('siteAdmin.history.rollbackContent'),
      okText: t('siteAdmin.history.rollback'),
      cancelText: t('confirm.cancel'),
      onOk: async () => {
        try {
          await rollback.mutateAsync(v.id);
        } catch {
          return; // the global handler has said why
        }
        setPage(1);
        void message.success(t('siteAdmin.history.rolledBack', { version: v.version }));
      },
    });

  const columns: ColumnsType<SiteConfigVersion> = [
    {
      title: t('siteAdmin.history.version'),
      dataIndex: 'version',
      width: 90,
      render: (version: number, v) => (
        <Space size={4}>
          <span>v{version}</span>
          {v.id === newest && <Tag color="blue">{t('siteAdmin.history.current')}</Tag>}
        </Space>
      ),
    },
    { title: t('siteAdmin.history.change.title'), key: 'change', render: (_, v) => changeText(v) },
    { title: t('siteAdmin.history.actor'), dataIndex: 'actor' },
    {
      title: t('siteAdmin.history.at'),
      dataIndex: 'createdAt',
      render: (at: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(at)}</span>,
    },
    {
      title: t('siteAdmin.history.actions'),
      key: 'actions',
      render: (_, v) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setViewing(v)}>
            {t('siteAdmin.history.view')}
          </Button>
          <Button
            type="link"
            size="small"
            disabled={v.id === newest}
            aria-label={t('siteAdmin.history.rollbackTo', { version: v.version })}
            onClick={() => confirmRollback(v)}
          >
            {t('siteAdmin.history.rollback')}
          </Button>
        </Space>
      ),
    },
  ];

  if (history.isError && !history.data)
    return (
      <LoadFailed
        title={t('siteAdmin.history.loadFailed')}
        retryLabel={t('siteAdmin.retry')}
        onRetry={() => void history.refetch()}
      />
    );
  return (
    <>
      <Typography.Paragraph type="secondary">{t('siteAdmin.history.intro')}</Typography.Paragraph>
      <DataTable<SiteConfigVersion>
        rowKey="id"
        columns={columns}
        dataSource={history.data?.list ?? []}
        loading={history.isPending}
        emptyText={t('siteAdmin.history.empty')}
        paging={{
          page,
          pageSize: 10,
          total: history.data?.totalCount ?? 0,
          onChange: (next) => setPage(next),
        }}
      />
      <Drawer
        open={viewing !== undefined}
        size={860}
        title={viewing && t('siteAdmin.history.viewTitle', { version: viewing.version })}
        onClose={() => setViewing(undefined)}
        destroyOnHidden
      >
        {viewing && <VersionChanges siteId={siteId} versionId={viewing.id} />}
      </Drawer>
    </>
  );
}
