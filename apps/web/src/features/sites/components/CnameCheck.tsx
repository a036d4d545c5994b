import type { Site } from '@nimbus/contract';
import { Button, Flex, Popover, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnershipProof } from '@/features/sites/components/OwnershipProof';
import { useCnameCheck } from '@/features/sites/hooks/useSites';
import { ApiError } from '@/shared/api/client';

/**
 * "Check CNAME": the server resolves the domain now, says where it points and which proof of
 * ownership is missing; a proof found now lets the site serve ("verify now").
 */
export function CnameCheckButton({ site }: { site: Pick<Site, 'id' | 'domain'> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const check = useCnameCheck();
  const run = () => check.mutate(site.id);

  const content = check.isPending ? (
    <Flex gap={8} align="center">
      <Spin size="small" />
      {t('sites.cname.checking')}
    </Flex>
  ) : check.isError ? (
    <Typography.Text type="danger">
      {check.error instanceof ApiError ? check.error.msg : t('sites.cname.failed')}
    </Typography.Text>
  ) : check.data ? (
    <OwnershipProof result={check.data} />
  ) : null;

  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) run();
      }}
      title={t('sites.cname.title', { domain: site.domain })}
      content={
        <Flex vertical gap={12} style={{ maxWidth: 420 }}>
          {content}
          <Button size="small" onClick={run} disabled={check.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('sites.cname.verifyNow')}
          </Button>
        </Flex>
      }
    >
      <Button type="link" size="small" style={{ padding: 0 }}>
        {t('sites.cname.check')}
      </Button>
    </Popover>
  );
}
