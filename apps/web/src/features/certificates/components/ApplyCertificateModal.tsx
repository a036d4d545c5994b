import { CERTIFICATE_LIMITS, CERTIFICATE_RENEW_DAYS, certificateApplyRequestSchema } from '@nimbus/contract';
import { Alert, Button, Form, Input, Modal, Select, Switch, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormIssues } from '@/features/certificates/hooks/useFormIssues';
import { useApplyCertificate, useSiteDomains } from '@/features/certificates/hooks/useCertificates';
import {
  applyBody,
  splitWildcards,
  type ApplyFormValues,
} from '@/features/certificates/lib/certificate-form';
import { schemaError, zodRule } from '@/shared/forms/zod-rules';
import { useFreshOpening } from '@/shared/forms/useFreshOpening';
import { useFeedback } from '@/shared/feedback/feedback-context';

const { shape } = certificateApplyRequestSchema;
const INITIAL: ApplyFormValues = { domains: [], name: '', autoRenew: true };

/**
 * Orders a free certificate (ACME, HTTP-01) for domains of the customer's enabled sites. The CA
 * reaches the domain through the edge nodes, so wildcards are left out and the dialog says the
 * CNAME must already point here; the order then runs on the server and the list follows it.
 */
export function ApplyCertificateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<ApplyFormValues>();
  const apply = useApplyCertificate();
  const sites = useSiteDomains(open);
  const showIssues = useFormIssues(form);
  useFreshOpening(form, open || undefined, INITIAL);
  const { usable, wildcards } = splitWildcards(sites.data ?? []);
  const label = {
    domains: t('certificates.apply.domains'),
    name: t('certificates.apply.name'),
    autoRenew: t('certificates.column.autoRenew'),
  };

  const domainsRule: FormRule = {
    validator: (_rule, value: unknown) => {
      const error = schemaError(shape.domains, value ?? [], t, label.domains);
      return error ? Promise.reject(new Error(error)) : Promise.resolve();
    },
  };

  const submit = async (values: ApplyFormValues) => {
    const built = applyBody(values);
    if (!built.ok) return showIssues(built.issues, label);
    try {
      await apply.mutateAsync(built.body);
    } catch {
      return; // the global handler shows the server's reason; the choice stays
    }
    void message.success(t('certificate.applying'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('certificates.apply.title')}
      width={640}
      okText={t('certificates.apply.submit')}
      cancelText={t('confirm.cancel')}
      confirmLoading={apply.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        title={t('certificates.apply.howTitle')}
        description={t('certificates.apply.how')}
        style={{ marginBottom: 16 }}
      />
      {sites.isError && (
        <Alert
          type="warning"
          showIcon
          title={t('certificates.apply.sitesFailed')}
          action={
            <Button size="small" onClick={() => void sites.refetch()}>
              {t('certificates.list.retry')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<ApplyFormValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={INITIAL}
        validateTrigger={['onChange', 'onBlur']}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="domains"
          label={label.domains}
          required
          extra={
            <>
              <div>{t('certificates.apply.domainsHelp')}</div>
              {wildcards.length > 0 && (
                <div>
                  {t('certificate.acmeWildcard')}
                  {t('certificates.apply.wildcardsLeftOut', { domains: wildcards.join(', ') })}
                </div>
              )}
            </>
          }
          rules={[domainsRule]}
        >
          <Select
            mode="multiple"
            allowClear
            showSearch
            loading={sites.isFetching}
            maxCount={CERTIFICATE_LIMITS.domains}
            options={usable.map((domain) => ({ value: domain, label: domain }))}
            notFoundContent={sites.isFetching ? undefined : t('certificates.apply.noSites')}
            placeholder={t('certificates.apply.domainsPlaceholder')}
            aria-label={label.domains}
          />
        </Form.Item>
        <Form.Item name="name" label={label.name} rules={[zodRule(shape.name, t, label.name)]}>
          <Input maxLength={64} placeholder={t('certificates.upload.namePlaceholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="autoRenew"
          label={label.autoRenew}
          extra={t('certificates.apply.autoRenewHelp', { days: CERTIFICATE_RENEW_DAYS })}
          valuePropName="checked"
        >
          <Switch aria-label={label.autoRenew} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
