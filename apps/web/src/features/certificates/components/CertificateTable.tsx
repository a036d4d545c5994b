import type { Certificate } from '@nimbus/contract';
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { sourceOf } from '@/features/certificates/lib/certificate-source';
import { CertificateStatusTag } from '@/features/certificates/components/CertificateStatusTag';
import { CertificateValidity } from '@/features/certificates/components/CertificateValidity';
import { DomainsCell } from '@/features/certificates/components/DomainsCell';
import { certificateLabel, useCertificateActions } from '@/features/certificates/hooks/useCertificateActions';
import { canRenew, renewKind } from '@/features/certificates/lib/certificate-state';
import { DataTable, type TablePaging } from '@/shared/ui/DataTable';
import { formatDateTime } from '@/shared/format/date-time';

interface CertificateTableProps {
  list: Certificate[];
  loading: boolean;
  paging: TablePaging;
  emptyText: string;
  onDetails: (cert: Certificate) => void;
  /** A bought certificate's "Renew": an order extending its paid period. */
  onRenewOrder: (cert: Certificate) => void;
}

const none = <Typography.Text type="secondary">-</Typography.Text>;

/** One page of certificates: what they cover, who issued them, their state and how long they last. */
export function CertificateTable({
  list,
  loading,
  paging,
  emptyText,
  onDetails,
  onRenewOrder,
}: CertificateTableProps) {
  const { t } = useTranslation();
  const { confirmRenew, confirmRemove, renewingId } = useCertificateActions();

  const columns: ColumnsType<Certificate> = [
    {
      title: t('certificates.column.name'),
      dataIndex: 'name',
      render: (_, cert) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onDetails(cert)}>
          {certificateLabel(cert)}
        </Button>
      ),
    },
    {
      title: t('certificates.column.domains'),
      dataIndex: 'domains',
      render: (domains: string[]) => <DomainsCell domains={domains} />,
    },
    {
      title: t('certificates.column.issuer'),
      dataIndex: 'issuer',
      render: (issuer: string) =>
        issuer ? (
          <Typography.Text ellipsis={{ tooltip: issuer }} style={{ maxWidth: 200 }}>
            {issuer}
          </Typography.Text>
        ) : (
          none
        ),
    },
    {
      title: t('certificates.column.source'),
      key: 'source',
      render: (_, cert) => {
        const source = sourceOf(cert);
        return (
          <Tag color={source === 'upload' ? 'default' : 'cyan'}>{t(`certificates.source.${source}`)}</Tag>
        );
      },
    },
    {
      title: t('certificates.column.status'),
      dataIndex: 'status',
      render: (_, cert) => <CertificateStatusTag cert={cert} />,
    },
    {
      title: t('certificates.column.validity'),
      key: 'validity',
      render: (_, cert) => <CertificateValidity cert={cert} />,
    },
    {
      title: t('certificates.column.autoRenew'),
      dataIndex: 'autoRenew',
      render: (autoRenew: boolean, cert) =>
        cert.source !== 'acme' ? (
          none
        ) : (
          <Tag color={autoRenew ? 'success' : 'default'}>
            {autoRenew ? t('certificates.autoRenew.on') : t('certificates.autoRenew.off')}
          </Tag>
        ),
    },
    { title: t('certificates.column.siteCount'), dataIndex: 'siteCount', width: 90 },
    {
      title: t('certificates.column.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('certificates.column.action'),
      key: 'action',
      fixed: 'right',
      render: (_, cert) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onDetails(cert)}>
            {t('certificates.action.details')}
          </Button>
          {cert.productId !== null && (
            <Button type="link" size="small" onClick={() => onRenewOrder(cert)}>
              {t('certificates.action.renewOrder')}
            </Button>
          )}
          {/* A bought one renews itself within its paid period; a failed order can be retried. */}
          {cert.source === 'acme' && (cert.productId === null || renewKind(cert.status) === 'reapply') && (
            <Button
              type="link"
              size="small"
              disabled={!canRenew(cert)}
              loading={renewingId === cert.id}
              onClick={() => void confirmRenew(cert)}
            >
              {t(`certificates.action.${renewKind(cert.status)}`)}
            </Button>
          )}
          <Button type="link" size="small" danger onClick={() => void confirmRemove(cert)}>
            {t('certificates.action.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <DataTable<Certificate>
      rowKey="id"
      columns={columns}
      dataSource={list}
      loading={loading}
      paging={paging}
      emptyText={emptyText}
    />
  );
}
