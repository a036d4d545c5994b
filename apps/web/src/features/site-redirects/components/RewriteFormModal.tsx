import { REWRITE_MATCHES, ResultCode, type RewriteMatch, type RewriteRule } from '@nimbus/contract';
import { Form, Input, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  RedirectEnabledField,
  RedirectStatusField,
} from '@/features/site-redirects/components/RedirectFields';
import { RedirectFormModal } from '@/features/site-redirects/components/RedirectFormModal';
import { SiteSelect } from '@/features/site-redirects/components/SiteSelect';
import { useSaveRewrite } from '@/features/site-redirects/hooks/useRedirects';
import {
  emptyRewriteForm,
  REDIRECT_FIELD_LABEL_KEYS,
  rewriteFormOf,
  rewriteSaveBody,
  type RewriteFormValues,
} from '@/features/site-redirects/lib/rewrite-form';
import { ApiError } from '@/shared/api/client';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { useFormIssues } from '@/shared/forms/useFormIssues';
import { useFreshOpening } from '@/shared/forms/useFreshOpening';

/** What the dialog is open for: a rule to edit, or a new one (on the list's filtered site, if any). */
export type RewriteEditing = { rule: RewriteRule } | { siteId?: number } | undefined;

interface RewriteFormModalProps {
  editing: RewriteEditing;
  onClose: () => void;
}

/**
 * Adds or edits a forwarding rule, with what every choice does beside it. The request is the
 * contract's reading of the form, so the form refuses exactly what the server refuses; a rule
 * the site has already (409) is shown on the source field.
 */
export function RewriteFormModal({ editing, onClose }: RewriteFormModalProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<RewriteFormValues>();
  const save = useSaveRewrite();
  const showIssues = useFormIssues(form, REDIRECT_FIELD_LABEL_KEYS);
  const rule = editing && 'rule' in editing ? editing.rule : undefined;
  const initial = rule
    ? rewriteFormOf(rule)
    : emptyRewriteForm(editing && 'siteId' in editing ? editing.siteId : undefined);
  useFreshOpening(form, editing, initial);
  const match = Form.useWatch<RewriteMatch | undefined>('match', form) ?? initial.match;

  const submit = async () => {
    const parsed = rewriteSaveBody(form.getFieldsValue(true) as RewriteFormValues, rule?.id);
    if (!parsed.ok) return showIssues(parsed.issues);
    try {
      await save.mutateAsync(parsed.body);
    } catch (error) {
      if (error instanceof ApiError && error.code === ResultCode.conflict)
        form.setFields([{ name: 'source', errors: [error.msg] }]);
      return;
    }
    void message.success(t('redirects.saved'));
    onClose();
  };

  return (
    <RedirectFormModal<RewriteFormValues>
      open={editing !== undefined}
      title={
        rule ? t('redirects.rewrite.editTitle', { domain: rule.domain }) : t('redirects.rewrite.addTitle')
      }
      width={720}
      saving={save.isPending}
      form={form}
      initialValues={initial}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Form.Item name="siteId" label={t('redirects.field.site')} extra={t('redirects.help.site')} required>
        <SiteSelect knownDomain={rule?.domain} aria-label={t('redirects.field.site')} />
      </Form.Item>
      <Form.Item name="match" label={t('redirects.field.match')} extra={t(`redirects.help.match.${match}`)}>
        <Radio.Group
          optionType="button"
          options={REWRITE_MATCHES.map((m) => ({ value: m, label: t(`redirects.match.${m}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="source"
        label={t('redirects.field.source')}
        extra={t(`redirects.help.source.${match}`)}
        required
      >
        <Input placeholder={t(`redirects.placeholder.source.${match}`)} maxLength={1000} />
      </Form.Item>
      <Form.Item
        name="target"
        label={t('redirects.field.target')}
        extra={t(match === 'regex' ? 'redirects.help.targetRegex' : 'redirects.help.target')}
        required
      >
        <Input placeholder={t(`redirects.placeholder.target.${match}`)} maxLength={2000} />
      </Form.Item>
      <RedirectStatusField />
      <Form.Item
        name="keepQuery"
        label={t('redirects.field.keepQuery')}
        extra={t('redirects.help.keepQuery')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <RedirectEnabledField />
      <Form.Item name="remark" label={t('redirects.field.remark')}>
        <Input maxLength={255} showCount />
      </Form.Item>
    </RedirectFormModal>
  );
}
