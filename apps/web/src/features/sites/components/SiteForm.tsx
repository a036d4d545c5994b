import { ResultCode, siteCreateRequestSchema, type Site } from '@nimbus/contract';
import { Button, Card, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { HttpsSection } from '@/features/sites/components/HttpsSection';
import { ListenPortsField } from '@/features/sites/components/ListenPortsField';
import { OriginSection } from '@/features/sites/components/OriginSection';
import { SiteGroupSelect } from '@/features/sites/components/SiteGroupSelect';
import { SITE_FIELD_LABEL_KEYS } from '@/features/sites/lib/field-labels';
import { useFormIssues } from '@/shared/forms/useFormIssues';
import { useCreateSite } from '@/features/sites/hooks/useSites';
import {
  emptySiteForm,
  issuesOnForm,
  siteCreateBody,
  type SiteFormValues,
} from '@/features/sites/lib/site-form';
import { ApiError } from '@/shared/api/client';
import { zodRule } from '@/shared/forms/zod-rules';
import { useFeedback } from '@/shared/feedback/feedback-context';

export interface SiteFormProps {
  onSaved: (site: Site) => void;
  onCancel: () => void;
}

/**
 * Adds a site (a site is then changed on its own page, features/site-admin). Checked with the
 * contract's rules as the user types; the request sent is what the contract's schema makes of it.
 */
export function SiteForm({ onSaved, onCancel }: SiteFormProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<SiteFormValues>();
  const create = useCreateSite();
  const initialValues = emptySiteForm();
  const showIssues = useFormIssues(form, SITE_FIELD_LABEL_KEYS);
  const domainLabel = t('sites.form.domain');

  const submit = async () => {
    // Every value, rendered or not (origin ports of the other scheme, the certificate id).
    const values = form.getFieldsValue(true) as SiteFormValues;
    try {
      const parsed = siteCreateBody(values);
      if (!parsed.ok) return showIssues(issuesOnForm(parsed.issues, values));
      const created = await create.mutateAsync(parsed.body);
      void message.success(t('site.created'));
      onSaved(created);
    } catch (error) {
      // A conflict is the domain being on the platform already: say so on the field too.
      if (error instanceof ApiError && error.code === ResultCode.conflict)
        form.setFields([{ name: 'domain', errors: [error.msg] }]);
    }
  };

  return (
    <Form<SiteFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      validateTrigger={['onChange', 'onBlur']}
      onFinish={() => void submit()}
      style={{ maxWidth: 960 }}
    >
      <Flex vertical gap={16}>
        <Card size="small" title={t('sites.form.sectionBasic')}>
          <Form.Item
            name="domain"
            label={domainLabel}
            tooltip={t('sites.help.domain')}
            extra={t('sites.help.domainExtra')}
            rules={[zodRule(siteCreateRequestSchema.shape.domain, t, domainLabel, true)]}
          >
            <Input
              placeholder={t('sites.form.domainPlaceholder')}
              maxLength={255}
              style={{ maxWidth: 420 }}
            />
          </Form.Item>
          <Form.Item
            name="siteGroupId"
            label={t('sites.form.siteGroup')}
            tooltip={t('sites.help.siteGroup')}
            normalize={(value: number | undefined) => value ?? null}
          >
            <SiteGroupSelect placeholder={t('sites.form.siteGroupPlaceholder')} style={{ maxWidth: 420 }} />
          </Form.Item>
        </Card>
        <Card size="small" title={t('sites.form.sectionOrigin')}>
          <OriginSection />
        </Card>
        <Card size="small" title={t('sites.form.sectionListen')}>
          <ListenPortsField name="httpPorts" dependencies={['httpsPorts', 'httpsEnabled']} />
        </Card>
        <Card size="small" title={t('sites.form.sectionHttps')}>
          <HttpsSection current={null} />
        </Card>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('sites.form.submitCreate')}
          </Button>
          <Button onClick={onCancel}>{t('sites.form.cancel')}</Button>
        </Flex>
      </Flex>
    </Form>
  );
}
