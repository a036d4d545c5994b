import { Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Certificate } from '@nimbus/contract';
import { ApplyCertificateModal } from '@/features/certificates/components/ApplyCertificateModal';
import { BuyCertificateModal } from '@/features/certificates/components/BuyCertificateModal';
import { RenewOrderModal } from '@/features/certificates/components/RenewOrderModal';
import { CertificateDetailDrawer } from '@/features/certificates/components/CertificateDetailDrawer';
import { CertificateTable } from '@/features/certificates/components/CertificateTable';
import {
  CertificateToolbar,
  type CertificateFilters,
} from '@/features/certificates/components/CertificateToolbar';
import { UploadCertificateModal } from '@/features/certificates/components/UploadCertificateModal';
import { useCertificateList } from '@/features/certificates/hooks/useCertificates';
import { LoadFailed } from '@/shared/ui/LoadFailed';
import { usePaging } from '@/shared/ui/usePaging';

type Dialog = 'upload' | 'apply' | 'buy' | undefined;

/** The customer's certificates: searched, filtered by status, paged on the server newest first. */
export function CertificateList() {
  const { t } = useTranslation();
  const paging = usePaging();
  const [filters, setFilters] = useState<CertificateFilters>({});
  const [dialog, setDialog] = useState<Dialog>();
  const [detailsId, setDetailsId] = useState<number>();
  const [renewing, setRenewing] = useState<Certificate>();
  const { data, isPending, isPlaceholderData, isError, refetch } = useCertificateList({
    page: paging.page,
    limit: paging.limit,
    order: 'desc',
    ...filters,
  });
  // The drawer follows the list's refreshes (an order finishing while it is open).
  const details = detailsId === undefined ? undefined : data?.list.find((c) => c.id === detailsId);

  const filter = (patch: CertificateFilters) => {
    setFilters((current) => ({ ...current, ...patch }));
    paging.reset();
  };
  const filtered = filters.keyword !== undefined || filters.status !== undefined;

  return (
    <Flex vertical gap={16}>
      <CertificateToolbar
        onUpload={() => setDialog('upload')}
        onApply={() => setDialog('apply')}
        onBuy={() => setDialog('buy')}
        onFilter={filter}
      />
      {isError && !data ? (
        <LoadFailed
          title={t('certificates.list.loadFailed')}
          retryLabel={t('certificates.list.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <CertificateTable
          list={data?.list ?? []}
          // The 3 s refresh while an order runs updates in place, without a spinner over the table.
          loading={isPending || isPlaceholderData}
          paging={{
            page: paging.page,
            pageSize: paging.limit,
            total: data?.totalCount ?? 0,
            onChange: paging.onChange,
          }}
          emptyText={filtered ? t('certificates.list.noMatch') : t('certificates.list.empty')}
          onDetails={(cert) => setDetailsId(cert.id)}
          onRenewOrder={setRenewing}
        />
      )}
      <CertificateDetailDrawer cert={details} onClose={() => setDetailsId(undefined)} />
      <UploadCertificateModal open={dialog === 'upload'} onClose={() => setDialog(undefined)} />
      <ApplyCertificateModal open={dialog === 'apply'} onClose={() => setDialog(undefined)} />
      <BuyCertificateModal open={dialog === 'buy'} onClose={() => setDialog(undefined)} />
      {renewing && <RenewOrderModal cert={renewing} onClose={() => setRenewing(undefined)} />}
    </Flex>
  );
}
