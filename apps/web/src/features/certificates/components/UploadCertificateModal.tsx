import { CERTIFICATE_LIMITS, certificateUploadRequestSchema } from '@nimbus/contract';
import { Form, Input, Modal, Select, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormIssues } from '@/features/certificates/hooks/useFormIssues';
import { useUploadCertificate } from '@/features/certificates/hooks/useCertificates';
import {
  looksLikeCertPem,
  looksLikeKeyPem,
  uploadBody,
  type UploadFormValues,
} from '@/features/certificates/lib/certificate-form';
import { schemaError, zodRule } from '@/shared/forms/zod-rules';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { useFreshOpening } from '@/shared/forms/useFreshOpening';

const { shape } = certificateUploadRequestSchema;
const pemStyle = { fontFamily: 'monospace', fontSize: 12 } as const;

/**
 * Uploads the customer's own certificate. The form only checks that the texts look like PEM; the
 * server parses them, matches the key and checks expiry and coverage, and its refusal is toasted
 * while the dialog stays open with everything typed kept.
 */
const EMPTY: Partial<UploadFormValues> = { name: '', certPem: '', keyPem: '', domains: [] };

export function UploadCertificateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<UploadFormValues>();
  const upload = useUploadCertificate();
  const showIssues = useFormIssues(form);
  // A reopened dialog starts empty: the form instance outlives the hidden form (useFreshOpening).
  useFreshOpening(form, open || undefined, EMPTY);
  const label = {
    name: t('certificates.upload.name'),
    certPem: t('certificates.upload.certPem'),
    keyPem: t('certificates.upload.keyPem'),
    domains: t('certificates.upload.domains'),
  };

  // The contract's rule (required, length) first, then the quick PEM look: one message per field.
  const pemRule = (field: 'certPem' | 'keyPem', looksRight: (text: string) => boolean): FormRule => ({
    required: true,
    validator: (_rule, value: unknown) => {
      const error =
        schemaError(shape[field], value, t, label[field]) ??
        (looksRight(String(value)) ? undefined : t('certificate.notPem'));
      return error ? Promise.reject(new Error(error)) : Promise.resolve();
    },
  });
  const domainsRule: FormRule = {
    validator: (_rule, value: unknown) => {
      const error = schemaError(shape.domains, value ?? [], t, label.domains);
      return error ? Promise.reject(new Error(error)) : Promise.resolve();
    },
  };

  const submit = async (values: UploadFormValues) => {
    const built = uploadBody(values);
    if (!built.ok) return showIssues(built.issues, label);
    try {
      await upload.mutateAsync(built.body);
    } catch {
      return; // the global handler shows the server's reason; what was typed stays
    }
    void message.success(t('certificate.uploaded'));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('certificates.upload.title')}
      width={720}
      okText={t('certificates.upload.submit')}
      cancelText={t('confirm.cancel')}
      confirmLoading={upload.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      // Closing forgets what was typed: a private key should not linger in a hidden form.
      destroyOnHidden
    >
      <Form<UploadFormValues>
        form={form}
        preserve={false}
        layout="vertical"
        validateTrigger={['onChange', 'onBlur']}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="name" label={label.name} rules={[zodRule(shape.name, t, label.name)]}>
          <Input maxLength={64} placeholder={t('certificates.upload.namePlaceholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="certPem"
          label={label.certPem}
          extra={t('certificates.upload.certPemHelp')}
          rules={[pemRule('certPem', looksLikeCertPem)]}
        >
          <Input.TextArea
            rows={6}
            maxLength={CERTIFICATE_LIMITS.pemChars}
            spellCheck={false}
            style={pemStyle}
            placeholder="-----BEGIN CERTIFICATE-----"
          />
        </Form.Item>
        <Form.Item
          name="keyPem"
          label={label.keyPem}
          extra={t('certificates.upload.keyPemHelp')}
          rules={[pemRule('keyPem', looksLikeKeyPem)]}
        >
          <Input.TextArea
            rows={6}
            maxLength={CERTIFICATE_LIMITS.pemChars}
            spellCheck={false}
            autoComplete="off"
            style={pemStyle}
            placeholder="-----BEGIN PRIVATE KEY-----"
          />
        </Form.Item>
        <Form.Item
          name="domains"
          label={label.domains}
          extra={t('certificates.upload.domainsHelp')}
          rules={[domainsRule]}
        >
          <Select
            mode="tags"
            open={false}
            suffixIcon={null}
            tokenSeparators={[',', ' ', '\n']}
            maxCount={CERTIFICATE_LIMITS.domains}
            placeholder={t('certificates.upload.domainsPlaceholder')}
            aria-label={label.domains}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
