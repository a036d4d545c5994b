import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import type { CnameCheck } from '@nimbus/contract';
import { Flex, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

function Line({ ok, children }: { ok: boolean; children: ReactNode }) {
  const { token } = theme.useToken();
  const Icon = ok ? CheckCircleFilled : ExclamationCircleFilled;
  return (
    <Flex gap={8} align="start">
      <Icon style={{ color: ok ? token.colorSuccess : token.colorWarning, marginTop: 4 }} />
      <span>{children}</span>
    </Flex>
  );
}

function Copyable({ label, value }: { label: string; value: string }) {
  return (
    <span>
      {label}{' '}
      <Typography.Text code copyable>
        {value}
      </Typography.Text>
    </span>
  );
}

const KNOWN_DNS_PROBLEMS = ['ETIMEOUT', 'ESERVFAIL', 'EREFUSED', 'ECONNREFUSED'];

/** A resolver's error code ("ESERVFAIL") as what went wrong and who can fix it. */
function dnsProblem(t: TFunction, code: string): string {
  return KNOWN_DNS_PROBLEMS.includes(code)
    ? t(`sites.cname.problems.${code}`)
    : t('sites.cname.problems.other', { code });
}

/** The first proof: the domain's CNAME already points at the site's own CNAME name. */
function CnameProof({ result }: { result: CnameCheck }) {
  const { t } = useTranslation();
  const found = result.found.filter((value) => value !== '');
  if (result.ok)
    return <Line ok>{t('sites.cname.ok', { domain: result.domain, expected: result.expected })}</Line>;
  return (
    <Flex vertical gap={8}>
      <Line ok={false}>
        {result.problem
          ? t('sites.cname.problem', { problem: dnsProblem(t, result.problem) })
          : found.length > 0
            ? t('sites.cname.found', { found: found.join(', ') })
            : t('sites.cname.none')}
      </Line>
      <Copyable label={t('sites.cname.expected')} value={result.expected} />
    </Flex>
  );
}

/** The other proof: a TXT record `_nimbus-verify.<domain>` holding the customer's token. */
function TxtProof({ txt }: { txt: CnameCheck['txt'] }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      <Line ok={txt.ok}>
        {txt.ok
          ? t('sites.cname.txtOk')
          : txt.problem
            ? t('sites.cname.problem', { problem: dnsProblem(t, txt.problem) })
            : txt.found.length > 0
              ? t('sites.cname.txtFound', { found: txt.found.join(', ') })
              : t('sites.cname.txtNone')}
      </Line>
      {!txt.ok && (
        <>
          <span>{t('sites.cname.txtAdd')}</span>
          <Copyable label={t('sites.cname.txtName')} value={txt.name} />
          <Copyable label={t('sites.cname.txtValue')} value={txt.value} />
        </>
      )}
    </Flex>
  );
}

/**
 * What the CNAME check page says about ownership: whether the site is served, and each proof
 * with what is missing (the CNAME, or the TXT record's name and value to add).
 */
export function OwnershipProof({ result }: { result: CnameCheck }) {
  const { t } = useTranslation();
  const proofs = (
    <>
      <Typography.Text strong>{t('sites.cname.cnameProof')}</Typography.Text>
      <CnameProof result={result} />
    </>
  );
  // Once proved, the CNAME is shown as where traffic is pointed, not as a proof still asked for.
  if (result.verified)
    return (
      <Flex vertical gap={8}>
        <Line ok>{result.waived ? t('sites.cname.waived') : t('sites.cname.verified')}</Line>
        <CnameProof result={result} />
      </Flex>
    );
  return (
    <Flex vertical gap={8}>
      {/* The icon carries the warning colour: amber words on white are too faint to read. */}
      <Line ok={false}>
        <Typography.Text strong>{t('sites.cname.awaiting')}</Typography.Text>
      </Line>
      {proofs}
      <Typography.Text strong>{t('sites.cname.txtProof')}</Typography.Text>
      <TxtProof txt={result.txt} />
    </Flex>
  );
}
