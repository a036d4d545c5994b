import {
  BUSINESS_SECURE_LIMITS,
  businessSecureSettingsSchema,
  CC_LEVELS,
  CC_THRESHOLDS,
  CC_WINDOW_SECONDS,
  VERIFICATION_KINDS,
  type BusinessSecureSettings,
  type CcLevel,
} from '@nimbus/contract';
import { Alert, Card, Flex, Form, Radio, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { listRule } from '@/features/site-admin/components/rules/form-rules';
import { SectionForm } from '@/features/site-admin/components/rules/SectionForm';
import { useSectionSave } from '@/features/site-admin/components/rules/useSectionSave';
import type { SectionTabProps } from '@/features/site-admin/hooks/useSiteSettings';
import { RateLimitEditor } from '@/features/site-business-secure/components/RateLimitEditor';

const FIELDS = [
  'rateLimits',
  'ccLevel',
  'ccVerification',
  'match',
  'path',
  'rate',
  'unit',
  'burst',
  'action',
  'banSeconds',
];

/** A choice with what it does under it (the levels and verification kinds explain themselves). */
const choice = (value: string, label: string, help: string) => ({
  value,
  label: (
    <Flex vertical>
      <span>{label}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {help}
      </Typography.Text>
    </Flex>
  ),
});

const levelParams = (level: CcLevel) =>
  level === 'off' ? {} : { threshold: CC_THRESHOLDS[level], window: CC_WINDOW_SECONDS };

/**
 * The business-secure tab (spec §2, §9): rate limits per client IP and CC protection with the
 * two verification kinds, enforced by the edges (nimbus.guard). One save for the section.
 */
export function BusinessSecureTab({ siteId, value }: SectionTabProps<'businessSecure'>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BusinessSecureSettings>();
  const labels = useMemo(
    () => Object.fromEntries(FIELDS.map((name) => [name, t(`siteBusinessSecure.field.${name}`)])),
    [t],
  );
  const { formProps } = useSectionSave({
    siteId,
    section: 'businessSecure',
    schema: businessSecureSettingsSchema,
    form,
    value,
    labels,
  });

  return (
    <SectionForm {...formProps} title={t('siteBusinessSecure.title')}>
      <Alert type="info" showIcon title={t('siteBusinessSecure.intro')} style={{ marginBottom: 16 }} />
      <Card size="small" title={t('siteBusinessSecure.rateTitle')} style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">
          {t('siteBusinessSecure.rateHelp', { max: BUSINESS_SECURE_LIMITS.rules })}{' '}
          {t('siteBusinessSecure.unsaved')}
        </Typography.Paragraph>
        <Form.Item
          name="rateLimits"
          wrapperCol={{ span: 24 }}
          rules={[listRule(businessSecureSettingsSchema.shape.rateLimits, t, labels.rateLimits!)]}
        >
          <RateLimitEditor />
        </Form.Item>
      </Card>
      <Card size="small" title={t('siteBusinessSecure.ccTitle')} style={{ marginBottom: 16 }}>
        <Form.Item name="ccLevel" label={labels.ccLevel} extra={t('siteBusinessSecure.help.ccLevel')}>
          <Radio.Group
            aria-label={labels.ccLevel}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={CC_LEVELS.map((level) =>
              choice(
                level,
                t(`siteBusinessSecure.level.${level}`),
                t(`siteBusinessSecure.levelHelp.${level}`, levelParams(level)),
              ),
            )}
          />
        </Form.Item>
        <Form.Item
          name="ccVerification"
          label={labels.ccVerification}
          extra={t('siteBusinessSecure.help.ccVerification')}
        >
          <Radio.Group
            aria-label={labels.ccVerification}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={VERIFICATION_KINDS.map((kind) =>
              choice(
                kind,
                t(`siteBusinessSecure.verification.${kind}`),
                t(`siteBusinessSecure.verificationHelp.${kind}`),
              ),
            )}
          />
        </Form.Item>
        <Alert type="info" showIcon title={t('siteBusinessSecure.cookieNote')} />
      </Card>
    </SectionForm>
  );
}
