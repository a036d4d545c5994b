import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import type { CnameCheck as CnameCheckResult, Site } from '@nimbus/contract';
import { Button, Flex, Popover, Spin, theme, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCnameCheck } from '@/features/sites/hooks/useSites';
import { ApiError } from '@/shared/api/client';

function CheckResult({ result }: { result: CnameCheckResult }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const found = result.found.filter((value) => value !== '');
  if (result.ok)
    return (
      <Flex gap={8} align="start">
        <CheckCircleFilled style={{ color: token.colorSuccess, marginTop: 4 }} />
        <span>{t('sites.cname.ok', { domain: result.domain, expected: result.expected })}</span>
      </Flex>
    );
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="start">
        <ExclamationCircleFilled style={{ color: token.colorWarning, marginTop: 4 }} />
        <span>
          {result.problem
            ? t('sites.cname.problem', { problem: result.problem })
            : found.length > 0
              ? t('sites.cname.found', { found: found.join(', ') })
              : t('sites.cname.none')}
        </span>
      </Flex>
      <span>
        {t('sites.cname.expected')}{' '}
        <Typography.Text code copyable>
          {result.expected}
        </Typography.Text>
      </span>
    </Flex>
  );
}

/** "Check CNAME": the server resolves the domain now and says where it points. */
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
    <CheckResult result={check.data} />
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
        <Flex vertical gap={12} style={{ maxWidth: 380 }}>
          {content}
          <Button size="small" onClick={run} disabled={check.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('sites.cname.recheck')}
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
