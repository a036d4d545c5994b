import { FORCE_KINDS, ResultCode, type ForceKind, type ForceRedirect } from '@nimbus/contract';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  RedirectEnabledField,
  RedirectStatusField,
} from '@/features/site-redirects/components/RedirectFields';
import { RedirectFormModal } from '@/features/site-redirects/components/RedirectFormModal';
import { SiteSelect } from '@/features/site-redirects/components/SiteSelect';
import { useSaveForce } from '@/features/site-redirects/hooks/useRedirects';
import {
  emptyForceForm,
  forceFormOf,
  forceSaveBody,
  REDIRECT_FIELD_LABEL_KEYS,
  type ForceFormValues,
} from '@/features/site-redirects/lib/rewrite-form';
import { ApiError } from '@/shared/api/client';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { useFormIssues } from '@/shared/forms/useFormIssues';
import { useFreshOpening } from '@/shared/forms/useFreshOpening';

/** What the dialog is open for: an entry to edit, 'new', or undefined while closed. */
export type ForceEditing = ForceRedirect | 'new' | undefined;

interface ForceFormModalProps {
  editing: ForceEditing;
  onClose: () => void;
}

/**
 * Adds or edits a site's forced redirect. A site that has one already (409) and a site without
 * HTTPS for kind https (400) are refused by the server; both land on the site field.
 */
export function ForceFormModal({ editing, onClose }: ForceFormModalProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<ForceFormValues>();
  const save = useSaveForce();
  const showIssues = useFormIssues(form, REDIRECT_FIELD_LABEL_KEYS);
  const entry = editing === 'new' ? undefined : editing;
  const initial = entry ? forceFormOf(entry) : emptyForceForm();
  useFreshOpening(form, editing, initial);
  const kind = Form.useWatch<ForceKind | undefined>('kind', form) ?? initial.kind;

  const submit = async () => {
    const parsed = forceSaveBody(form.getFieldsValue(true) as ForceFormValues, entry?.id);
    if (!parsed.ok) return showIssues(parsed.issues);
    try {
      await save.mutateAsync(parsed.body);
    } catch (error) {
      // The server's refusals about this entry: one per site (409), HTTPS or the own domain (400).
      if (
        error instanceof ApiError &&
        (error.code === ResultCode.conflict || error.code === ResultCode.badRequest)
      ) {
        const onHost = kind === 'host' && error.code === ResultCode.badRequest;
        form.setFields([{ name: onHost ? 'targetHost' : 'siteId', errors: [error.msg] }]);
      }
      return;
    }
    void message.success(t('redirects.saved'));
    onClose();
  };

  return (
    <RedirectFormModal<ForceFormValues>
      open={editing !== undefined}
      title={entry ? t('redirects.force.editTitle', { domain: entry.domain }) : t('redirects.force.addTitle')}
      width={640}
      saving={save.isPending}
      form={form}
      initialValues={initial}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Form.Item
        name="siteId"
        label={t('redirects.field.site')}
        extra={t('redirects.help.forceSite')}
        required
      >
        <SiteSelect knownDomain={entry?.domain} aria-label={t('redirects.field.site')} />
      </Form.Item>
      <Form.Item name="kind" label={t('redirects.field.kind')} extra={t(`redirects.help.kind.${kind}`)}>
        <Radio.Group
          optionType="button"
          options={FORCE_KINDS.map((k) => ({ value: k, label: t(`redirects.kind.${k}`) }))}
        />
      </Form.Item>
      {kind === 'host' && (
        <Form.Item
          name="targetHost"
          label={t('redirects.field.targetHost')}
          extra={t('redirects.help.targetHost')}
          required
        >
          <Input placeholder="www.example.com" maxLength={253} />
        </Form.Item>
      )}
      <RedirectStatusField />
      <RedirectEnabledField />
    </RedirectFormModal>
  );
}
