import { ResultCode, WAF_LIMITS, type WafRule } from '@nimbus/contract';
import { Alert, Button, Drawer, Flex, Form, Input, Switch, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionFields } from '@/features/site-waf/components/ActionFields';
import { ConditionFields } from '@/features/site-waf/components/ConditionFields';
import { useSaveWafRule } from '@/features/site-waf/hooks/useWaf';
import {
  emptyRuleForm,
  ruleFieldName,
  ruleFormOf,
  ruleSaveBody,
  type WafRuleFormValues,
} from '@/features/site-waf/lib/rule-form';
import { fieldOfRefusal } from '@/features/site-waf/lib/server-field';
import { ApiError } from '@/shared/api/client';
import { useFeedback } from '@/shared/feedback/feedback-context';
import type { PathIssue } from '@/shared/forms/form-issues';
import { useFreshOpening } from '@/shared/forms/useFreshOpening';
import { issueText } from '@/shared/forms/zod-rules';

/** What the drawer is open for: a rule to edit, a new one, or nothing (closed). */
export type WafEditing = { rule: WafRule } | 'new' | undefined;

interface WafRuleDrawerProps {
  siteId: number;
  editing: WafEditing;
  onClose: () => void;
}

/**
 * Adds or edits a rule. The request is the contract's reading of the form, so the form refuses
 * what the server refuses with the same sentence, on the condition it concerns; a refusal only
 * the server can make goes on the field its sentence is about, else above the form.
 */
export function WafRuleDrawer({ siteId, editing, onClose }: WafRuleDrawerProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<WafRuleFormValues>();
  const save = useSaveWafRule(siteId);
  const [formError, setFormError] = useState<string>();
  const rule = editing && editing !== 'new' ? editing.rule : undefined;
  const initial = rule ? ruleFormOf(rule) : emptyRuleForm();
  useFreshOpening(form, editing, initial);

  const showIssues = (issues: readonly PathIssue[]) => {
    const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
    let loose: string | undefined;
    for (const issue of issues) {
      const name = ruleFieldName(issue);
      const last = [...(name ?? [])].reverse().find((p): p is string => typeof p === 'string') ?? '';
      const text = issueText(issue, t, last ? t(`siteWaf.field.${last}`) : '');
      if (!name) loose ??= text;
      else if (!byField.has(JSON.stringify(name)))
        byField.set(JSON.stringify(name), { name, errors: [text] });
    }
    // Paths built at run time (conditions.1.value): the untyped instance takes them.
    (form as FormInstance).setFields([...byField.values()]);
    setFormError(loose);
  };

  const submit = async () => {
    setFormError(undefined);
    const values = form.getFieldsValue(true) as WafRuleFormValues;
    const parsed = ruleSaveBody(values, siteId, rule?.id);
    if (!parsed.ok) return showIssues(parsed.issues);
    try {
      await save.mutateAsync(parsed.body);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code === ResultCode.unauthorized) return;
      const name = fieldOfRefusal(error.msg, values.conditions ?? [], t);
      if (name) (form as FormInstance).setFields([{ name, errors: [error.msg] }]);
      else setFormError(error.msg);
      return;
    }
    void message.success(t('siteWaf.form.saved'));
    onClose();
  };

  const close = () => {
    setFormError(undefined);
    onClose();
  };

  return (
    <Drawer
      open={editing !== undefined}
      onClose={close}
      title={rule ? t('siteWaf.form.editTitle', { priority: rule.priority }) : t('siteWaf.form.addTitle')}
      size={760}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="flex-end">
          <Button onClick={close}>{t('siteWaf.form.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('siteWaf.form.save')}
          </Button>
        </Flex>
      }
    >
      <Form<WafRuleFormValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={initial}
        onFinish={() => void submit()}
        aria-label={
          rule ? t('siteWaf.form.editTitle', { priority: rule.priority }) : t('siteWaf.form.addTitle')
        }
      >
        {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} />}
        <Form.Item name="remark" label={t('siteWaf.field.remark')} extra={t('siteWaf.help.remark')}>
          <Input maxLength={WAF_LIMITS.remark} showCount />
        </Form.Item>
        <Form.Item label={t('siteWaf.field.conditions')} extra={t('siteWaf.help.conditions')} required>
          <ConditionFields form={form} />
        </Form.Item>
        <ActionFields form={form} />
        <Form.Item
          name="enabled"
          label={t('siteWaf.field.enabled')}
          extra={t('siteWaf.help.enabled')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
