import {
  BROWSER_CACHE_MODES,
  DEFAULT_COMPRESS_TYPES,
  ORIGIN_CACHE_CONTROL_MODES,
  performanceSettingsSchema,
  QUERY_KEY_MODES,
  SITE_SETTING_LIMITS,
  type PerformanceSettings,
} from '@nimbus/contract';
import { Alert, Divider, Form, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { CacheRulesEditor } from '@/features/site-admin/components/rules/CacheRulesEditor';
import { filledRule, sectionRule } from '@/features/site-admin/components/rules/form-rules';
import { SectionForm } from '@/features/site-admin/components/rules/SectionForm';
import { StatusTtlsEditor } from '@/features/site-admin/components/rules/StatusTtlsEditor';
import { TtlInput } from '@/features/site-admin/components/rules/TtlInput';
import { useSectionLabels, useSectionSave } from '@/features/site-admin/components/rules/useSectionSave';
import type { SectionTabProps } from '@/features/site-admin/hooks/useSiteSettings';

const FIELDS = [
  'cacheRules',
  'noCacheRules',
  'queryKey',
  'queryParams',
  'originCacheControl',
  'statusTtls',
  'browserCache',
  'browserTtl',
  'gzip',
  'brotli',
  'compressTypes',
] as const;

/** Sentences of the contract that belong to one field of this section without naming it. */
const MESSAGE_FIELDS = {
  'siteSettings.queryParam': 'queryParams',
  'siteSettings.mimeType': 'compressTypes',
};

/**
 * What the edge caches and for how long (spec §5): cache and no-cache rules, the cache key's
 * query string, the origin's Cache-Control, error answers, the browser's cache, and compression.
 */
export function PerformanceTab({ siteId, value }: SectionTabProps<'performance'>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PerformanceSettings>();
  const queryKey = Form.useWatch('queryKey', form) ?? value.queryKey;
  const browserCache = Form.useWatch('browserCache', form) ?? value.browserCache;
  const labels = useSectionLabels('performance', FIELDS);
  const { formProps } = useSectionSave({
    siteId,
    section: 'performance',
    schema: performanceSettingsSchema,
    form,
    value,
    labels,
    messageFields: MESSAGE_FIELDS,
  });
  const help = (name: string) => t(`siteAdmin.performance.help.${name}`);
  const rule = (name: string) => sectionRule(performanceSettingsSchema, [name], t, labels[name]!);
  const radios = (name: string, modes: readonly string[]) =>
    modes.map((mode) => ({ value: mode, label: t(`siteAdmin.performance.${name}Modes.${mode}`) }));

  return (
    <SectionForm {...formProps} title={t('siteAdmin.performance.title')}>
      <Alert
        type="info"
        showIcon
        title={t('siteAdmin.performance.tip', {
          cache: SITE_SETTING_LIMITS.cacheRules,
          noCache: SITE_SETTING_LIMITS.noCacheRules,
        })}
        style={{ marginBottom: 16 }}
      />
      <CacheRulesEditor
        name="cacheRules"
        label={labels.cacheRules!}
        help={help('cacheRules')}
        note={t('siteAdmin.performance.cacheRulesNote')}
      />
      <CacheRulesEditor
        name="noCacheRules"
        label={labels.noCacheRules!}
        help={help('noCacheRules')}
        note={t('siteAdmin.performance.noCacheRulesNote')}
      />
      <Form.Item name="queryKey" label={labels.queryKey} tooltip={help('queryKey')}>
        <Radio.Group options={radios('queryKey', QUERY_KEY_MODES)} />
      </Form.Item>
      {queryKey === 'include' && (
        <Form.Item
          name="queryParams"
          label={labels.queryParams}
          tooltip={help('queryParams')}
          rules={[rule('queryParams')]}
        >
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} placeholder="id, v" />
        </Form.Item>
      )}
      <Form.Item
        name="originCacheControl"
        label={labels.originCacheControl}
        tooltip={help('originCacheControl')}
      >
        <Radio.Group options={radios('originCacheControl', ORIGIN_CACHE_CONTROL_MODES)} />
      </Form.Item>
      <StatusTtlsEditor label={labels.statusTtls!} help={help('statusTtls')} />
      <Form.Item name="browserCache" label={labels.browserCache} tooltip={help('browserCache')}>
        <Radio.Group options={radios('browserCache', BROWSER_CACHE_MODES)} />
      </Form.Item>
      {browserCache === 'set' && (
        <Form.Item
          name="browserTtl"
          label={labels.browserTtl}
          tooltip={help('browserTtl')}
          rules={[filledRule(t, labels.browserTtl!), rule('browserTtl')]}
        >
          <TtlInput aria-label={labels.browserTtl} />
        </Form.Item>
      )}
      <Divider />
      <Form.Item name="gzip" label={labels.gzip} tooltip={help('gzip')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="brotli" label={labels.brotli} tooltip={help('brotli')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="compressTypes"
        label={labels.compressTypes}
        tooltip={help('compressTypes')}
        extra={t('siteAdmin.performance.help.compressTypesDefault', {
          types: DEFAULT_COMPRESS_TYPES.join(', '),
        })}
        rules={[rule('compressTypes')]}
      >
        <Select mode="tags" tokenSeparators={[',', ' ']} open={false} placeholder="text/css" />
      </Form.Item>
      <Form.Item label={t('siteAdmin.performance.http2')} tooltip={help('http2')}>
        {t('siteAdmin.performance.http2Line')}
      </Form.Item>
    </SectionForm>
  );
}
