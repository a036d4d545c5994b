import type { Certificate } from '@nimbus/contract';
import { Button, Flex, Form, Select, Typography, type FormRule } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requestRule } from '@/features/sites/components/site-form-rules';
import { useSiteCertificates } from '@/features/sites/hooks/useSiteCertificates';
import {
  certificateBlock,
  expiryDay,
  sortByUsable,
  type CertificateBlock,
} from '@/features/sites/lib/certificate-choice';
import { SITE_ROUTES } from '@/features/sites/lib/routes';

/** The certificate a saved site has, for when it is not among the ones loaded. */
export interface CurrentCertificate {
  id: number;
  name: string;
}

interface CertificateOption {
  value: number;
  label: string;
  /** Name and domains, what the search looks in. */
  search: string;
  disabled: boolean;
  cert: Certificate | null;
  block: CertificateBlock | null;
}

/** The id of the one certificate that can serve `domain`, when there is exactly one. */
function onlyUsableCertificate(list: readonly Certificate[], domain: string): number | undefined {
  if (domain === '') return undefined;
  const usable = list.filter((cert) => certificateBlock(cert, domain) === null);
  return usable.length === 1 ? usable[0]!.id : undefined;
}

const normalDomain = (domain: unknown) => (typeof domain === 'string' ? domain.trim().toLowerCase() : '');

/**
 * The site's certificate, from the customer's own: only one that is uploaded or issued, still
 * valid and covering the form's domain can be chosen (what the server accepts); the others are
 * listed greyed out with the reason, so a missing one is never a mystery.
 */
export function CertificateField({ current }: { current: CurrentCertificate | null }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const domain = normalDomain(Form.useWatch('domain', form));
  const certificates = useSiteCertificates();
  const label = t('sites.form.certificate');
  const list = certificates.data?.list ?? [];

  // Issue 18 §4: when exactly one of the customer's certificates can serve the domain, HTTPS
  // switched on starts with it chosen (the field mounts with the switch); a choice made stays.
  const onlyUsable = onlyUsableCertificate(list, domain);
  useEffect(() => {
    if (onlyUsable !== undefined && form.getFieldValue('certificateId') == null)
      form.setFieldValue('certificateId', onlyUsable);
  }, [form, onlyUsable]);

  const reason = (block: CertificateBlock) =>
    block === 'notCovering' && domain === ''
      ? t('sites.certificate.needsDomain')
      : t(`sites.certificate.${block}`, { domain });

  const options: CertificateOption[] = sortByUsable(list, domain).map((cert) => {
    const block = certificateBlock(cert, domain);
    return {
      value: cert.id,
      label: cert.name,
      search: `${cert.name} ${cert.domains.join(' ')}`,
      disabled: block !== null,
      cert,
      block,
    };
  });
  // A saved site's certificate shows by name while the list loads, or when it is not on the page
  // loaded (the server checks it again on save).
  if (current && !list.some((cert) => cert.id === current.id))
    options.push({
      value: current.id,
      label: current.name,
      search: current.name,
      disabled: true,
      cert: null,
      block: null,
    });

  // The contract says "required"; this says why a chosen one no longer fits (domain changed, expired).
  const usableRule: FormRule = {
    validator: (_rule, id: unknown) => {
      const cert = list.find((c) => c.id === id);
      const block = cert ? certificateBlock(cert, domain) : null;
      return block ? Promise.reject(new Error(reason(block))) : Promise.resolve();
    },
  };

  const manage = <Link to={SITE_ROUTES.certificate}>{t('sites.certificate.manage')}</Link>;
  let extra = manage;
  if (certificates.isError)
    extra = (
      <Flex gap={8} align="center" wrap>
        <Typography.Text type="danger">{t('sites.certificate.loadFailed')}</Typography.Text>
        <Button size="small" onClick={() => void certificates.refetch()}>
          {t('sites.list.retry')}
        </Button>
        {manage}
      </Flex>
    );
  else if (certificates.data && list.length === 0)
    extra = (
      <span>
        {t('sites.certificate.empty')} {manage}
      </span>
    );

  return (
    <Form.Item
      name="certificateId"
      label={label}
      tooltip={t('sites.help.certificate')}
      extra={extra}
      required
      normalize={(value: number | undefined) => value ?? null}
      dependencies={['domain', 'httpsEnabled']}
      rules={[requestRule('certificateId', t, label), usableRule]}
    >
      <Select<number, CertificateOption>
        aria-label={label}
        allowClear
        showSearch={{ optionFilterProp: 'search' }}
        loading={certificates.isFetching}
        placeholder={domain === '' ? t('sites.certificate.needsDomain') : t('sites.certificate.placeholder')}
        options={options}
        notFoundContent={certificates.data ? t('sites.certificate.empty') : undefined}
        optionRender={(option) => <OptionText option={option.data} reason={reason} />}
        style={{ maxWidth: 560 }}
      />
    </Form.Item>
  );
}

function OptionText({
  option,
  reason,
}: {
  option: CertificateOption;
  reason: (block: CertificateBlock) => string;
}) {
  const { t } = useTranslation();
  const { cert, block } = option;
  const day = cert ? expiryDay(cert.notAfter) : '';
  return (
    <Flex vertical gap={0}>
      <Flex gap={8} wrap>
        <span>{option.label}</span>
        {block && <Typography.Text type="warning">{reason(block)}</Typography.Text>}
      </Flex>
      {cert && (
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
          {cert.domains.join(', ')}
          {day && ` · ${t('sites.certificate.expires', { date: day })}`}
        </Typography.Text>
      )}
    </Flex>
  );
}
