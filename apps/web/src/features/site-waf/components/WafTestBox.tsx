import {
  wafTestRequestSchema,
  type WafRule,
  type WafTestRequest,
  type WafTestResult,
} from '@nimbus/contract';
import { Alert, AutoComplete, Button, Checkbox, Col, Flex, Form, Input, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTestWafRules } from '@/features/site-waf/hooks/useWaf';
import { actionText, remarkText } from '@/features/site-waf/lib/condition-summary';
import { parseWith, type PathIssue } from '@/shared/forms/form-issues';
import { issueText } from '@/shared/forms/zod-rules';
import { SampleCountry } from '@/features/site-region/components/SampleCountry';

type TestValues = Omit<WafTestRequest, 'siteId'>;

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const INITIAL: TestValues = {
  method: 'GET',
  url: '/',
  clientIp: '203.0.113.7',
  headers: 'User-Agent: Mozilla/5.0',
  includeDisabled: false,
};

/** "Test this rule set": a sample request through the site's rules, answered as the edge would. */
export function WafTestBox({ siteId, rules }: { siteId: number; rules: readonly WafRule[] }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TestValues>();
  const test = useTestWafRules();

  const showIssues = (issues: readonly PathIssue[]) => {
    const seen = new Set<string>();
    form.setFields(
      issues.flatMap((issue) => {
        const name = String(issue.path[0] ?? '');
        if (seen.has(name) || name === '') return [];
        seen.add(name);
        return [{ name: name as keyof TestValues, errors: [issueText(issue, t, t(`siteWaf.test.${name}`))] }];
      }),
    );
  };

  const run = () => {
    const parsed = parseWith(wafTestRequestSchema, { ...form.getFieldsValue(true), siteId });
    if (!parsed.ok) return showIssues(parsed.issues);
    test.mutate(parsed.body);
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('siteWaf.test.help')}</Typography.Text>
      <Form<TestValues>
        form={form}
        layout="vertical"
        initialValues={INITIAL}
        onFinish={run}
        aria-label={t('siteWaf.test.title')}
      >
        <Row gutter={12}>
          <Col xs={24} md={5}>
            <Form.Item name="method" label={t('siteWaf.test.method')} extra={t('siteWaf.test.methodHelp')}>
              <AutoComplete options={METHODS.map((value) => ({ value }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="url" label={t('siteWaf.test.url')} extra={t('siteWaf.test.urlHelp')}>
              <Input placeholder="/login?user=admin" maxLength={4000} />
            </Form.Item>
          </Col>
          <Col xs={24} md={7}>
            <Form.Item
              name="clientIp"
              label={t('siteWaf.test.clientIp')}
              extra={t('siteWaf.test.clientIpHelp')}
            >
              <Input maxLength={64} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="headers" label={t('siteWaf.test.headers')} extra={t('siteWaf.test.headersHelp')}>
          <Input.TextArea
            rows={3}
            maxLength={8000}
            placeholder={'User-Agent: curl/8.0\nCookie: session_id=abc'}
          />
        </Form.Item>
        <Form.Item
          name="includeDisabled"
          valuePropName="checked"
          extra={t('siteWaf.test.includeDisabledHelp')}
        >
          <Checkbox>{t('siteWaf.test.includeDisabled')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={test.isPending}>
          {t('siteWaf.test.run')}
        </Button>
      </Form>
      {test.data && <TestOutcome result={test.data} rules={rules} />}
    </Flex>
  );
}

function TestOutcome({ result, rules }: { result: WafTestResult; rules: readonly WafRule[] }) {
  const { t } = useTranslation();
  const byId = new Map(rules.map((r) => [r.id, r]));
  const ruleName = (id: number) => {
    const rule = byId.get(id);
    return rule ? `#${rule.priority}` : t('siteWaf.test.ruleGone', { id });
  };
  const decider = result.outcome.decidedBy === null ? undefined : byId.get(result.outcome.decidedBy);
  const priority = decider?.priority ?? result.outcome.decidedBy;
  const verifier =
    decider?.action === 'sensorless' || decider?.action === 'click-number' ? decider : undefined;
  const verdict = verifier
    ? t('siteWaf.test.verify', { priority, action: t(`siteWaf.action.${verifier.action}`) })
    : !result.outcome.pass
      ? t('siteWaf.test.refused', { status: result.outcome.status, priority })
      : priority === null || priority === undefined
        ? t('siteWaf.test.pass')
        : t('siteWaf.test.passBy', { priority });
  return (
    <Flex vertical gap={8} role="status" aria-live="polite">
      <Alert
        type={verifier ? 'warning' : result.outcome.pass ? 'success' : 'error'}
        showIcon
        title={verdict}
      />
      <SampleCountry country={result.country} />
      <Typography.Text strong>{t('siteWaf.test.matched')}</Typography.Text>
      {result.matched.length === 0 ? (
        <Typography.Text type="secondary">{t('siteWaf.test.noneMatched')}</Typography.Text>
      ) : (
        <ol style={{ margin: 0, paddingInlineStart: 20 }}>
          {result.matched.map((m) => {
            const rule = byId.get(m.ruleId);
            return (
              <li key={m.ruleId}>
                <Flex gap={8} align="center" wrap>
                  <span>{ruleName(m.ruleId)}</span>
                  {rule && remarkText(rule, t) && (
                    <Typography.Text type="secondary">{remarkText(rule, t)}</Typography.Text>
                  )}
                  <Tag>{rule ? actionText(rule, t) : t(`siteWaf.action.${m.action}`)}</Tag>
                </Flex>
              </li>
            );
          })}
        </ol>
      )}
    </Flex>
  );
}
