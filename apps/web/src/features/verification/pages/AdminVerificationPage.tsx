import { VERIFICATION_STATES, type VerificationRecord, type VerificationState } from '@nimbus/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { verificationApi, verificationQueryKey } from '@/features/verification/api/verification-api';
import { ReviewDialog } from '@/features/verification/components/ReviewDialog';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { DataTable } from '@/shared/ui/DataTable';
import { FilterLabel } from '@/shared/ui/FilterLabel';
import { usePaging } from '@/shared/ui/usePaging';
import { formatDateTime } from '@/shared/format/date-time';

const STATE_COLORS: Record<VerificationState, string> = {
  fee_unpaid: 'default',
  face_pending: 'processing',
  review: 'warning',
  approved: 'success',
  rejected: 'error',
};

/** Admin route `/account/verifications`: the customers' real-name verifications, and their review. */
export function AdminVerificationPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const paging = usePaging();
  const [state, setState] = useState<VerificationState | undefined>('review');
  const [username, setUsername] = useState('');
  const [reviewing, setReviewing] = useState<VerificationRecord | null>(null);
  const body = { page: paging.page, limit: paging.limit, state, username: username || undefined };
  const list = useQuery({
    queryKey: [...verificationQueryKey, 'admin', body],
    queryFn: ({ signal }) => verificationApi.list(body, signal),
    placeholderData: keepPreviousData,
  });
  const review = useMutation({
    mutationFn: verificationApi.review,
    onSuccess: () => {
      setReviewing(null);
      void message.success(t('common.ok'));
      void queryClient.invalidateQueries({ queryKey: verificationQueryKey });
    },
  });

  const columns: ColumnsType<VerificationRecord> = [
    { title: t('verification.column.customer'), dataIndex: 'username', key: 'username' },
    { title: t('field.realnameName'), dataIndex: 'realnameName', key: 'name' },
    { title: t('field.realnameCertificateid'), dataIndex: 'realnameCertificateid', key: 'id' },
    {
      title: t('verification.column.state'),
      dataIndex: 'state',
      key: 'state',
      render: (value: VerificationState, record) => (
        <Flex vertical gap={2} align="start">
          <Tag color={STATE_COLORS[value]}>{t(`verification.state.${value}`)}</Tag>
          {record.reason && <span>{record.reason}</span>}
        </Flex>
      ),
    },
    {
      title: t('verification.column.method'),
      dataIndex: 'method',
      key: 'method',
      render: (m: string) => t(`verification.method.${m}`),
    },
    {
      title: t('verification.column.time'),
      dataIndex: 'createtime',
      key: 'time',
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('verification.column.actions'),
      key: 'actions',
      render: (_, record) =>
        record.state === 'review' || record.state === 'face_pending' ? (
          <Button size="small" onClick={() => setReviewing(record)}>
            {t('verification.review.open')}
          </Button>
        ) : (
          '-'
        ),
    },
  ];

  return (
    <Card title={t('verification.adminTitle')}>
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <FilterLabel label={t('verification.column.state')}>
          <Select<VerificationState>
            allowClear
            style={{ width: 180 }}
            value={state}
            placeholder={t('verification.allStates')}
            options={VERIFICATION_STATES.map((value) => ({ value, label: t(`verification.state.${value}`) }))}
            onChange={(next) => {
              setState(next);
              paging.reset();
            }}
          />
        </FilterLabel>
        <FilterLabel label={t('verification.column.customer')}>
          <Input.Search
            allowClear
            style={{ width: 220 }}
            onSearch={(value) => {
              setUsername(value.trim());
              paging.reset();
            }}
          />
        </FilterLabel>
      </Flex>
      <DataTable<VerificationRecord>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        emptyText={t('verification.empty')}
        paging={{
          page: paging.page,
          pageSize: paging.limit,
          total: list.data?.totalCount ?? 0,
          onChange: paging.onChange,
        }}
      />
      <ReviewDialog
        record={reviewing}
        saving={review.isPending}
        onClose={() => setReviewing(null)}
        onSubmit={(values) => reviewing && review.mutate({ id: reviewing.id, ...values })}
      />
    </Card>
  );
}
