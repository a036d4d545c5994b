import { ResultCode } from '@nimbus/contract';
import { Button, Card, Flex, Form, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DomainListField } from '@/features/sites/components/DomainListField';
import { ListenPortsField } from '@/features/sites/components/ListenPortsField';
import { OriginSection } from '@/features/sites/components/OriginSection';
import { SiteGroupSelect } from '@/features/sites/components/SiteGroupSelect';
import { SITE_FIELD_LABEL_KEYS } from '@/features/sites/lib/field-labels';
import { useFormIssues } from '@/shared/forms/useFormIssues';
import { useBulkCreateSites } from '@/features/sites/hooks/useSites';
import { emptyBulkForm, siteBulkBody, type SiteBulkFormValues } from '@/features/sites/lib/site-form';
import { ApiError } from '@/shared/api/client';
import { useFeedback } from '@/shared/feedback/feedback-context';

interface SiteBulkFormProps {
  onDone: () => void;
  onCancel: () => void;
}

/**
 * Many domains with one origin set, HTTP only (certificates are chosen per site afterwards).
 * All or nothing: when one domain is on the platform already the server names its line.
 */
export function SiteBulkForm({ onDone, onCancel }: SiteBulkFormProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<SiteBulkFormValues>();
  const bulk = useBulkCreateSites();
  const initialValues = useMemo(emptyBulkForm, []);
  const showIssues = useFormIssues(form, SITE_FIELD_LABEL_KEYS);

  const submit = async () => {
    const parsed = siteBulkBody(form.getFieldsValue(true) as SiteBulkFormValues);
    if (!parsed.ok) return showIssues(parsed.issues);
    try {
      const { created } = await bulk.mutateAsync(parsed.body);
      void message.success(t('sites.bulk.done', { n: created }));
      onDone();
    } catch (error) {
      // 'site.domainsTaken' ("Line 3: the domain … is on the platform already") belongs under the textarea.
      if (error instanceof ApiError && error.code === ResultCode.conflict)
        form.setFields([{ name: 'domains', errors: [error.msg] }]);
    }
  };

  return (
    <Form<SiteBulkFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      validateTrigger={['onChange', 'onBlur']}
      onFinish={() => void submit()}
      style={{ maxWidth: 960 }}
    >
      <Flex vertical gap={16}>
        <Card size="small" title={t('sites.bulk.sectionDomains')}>
          <DomainListField />
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
          <ListenPortsField name="httpPorts" dependencies={[]} />
          <Typography.Text type="secondary">{t('sites.bulk.httpsLater')}</Typography.Text>
        </Card>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={bulk.isPending}>
            {t('sites.bulk.submit')}
          </Button>
          <Button onClick={onCancel}>{t('sites.form.cancel')}</Button>
        </Flex>
      </Flex>
    </Form>
  );
}
