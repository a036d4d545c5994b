import { SITE_LIMITS } from '@nimbus/contract';
import { Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkDomainLines, type DomainLinesProblem } from '@/features/sites/lib/domain-lines';

/** The textarea of bulk add: one domain per line, the first bad or repeated line named with its number. */
export function DomainListField() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const text = Form.useWatch('domains', form) as string | undefined;
  const { count } = checkDomainLines(text);
  const label = t('sites.bulk.domains');

  const describe = (problem: DomainLinesProblem): string => {
    switch (problem.kind) {
      case 'empty':
        return t('validation.required', { field: label });
      case 'invalid':
        return t('sites.bulk.lineInvalid', { line: problem.line, value: problem.value });
      case 'duplicate':
        return t('sites.bulk.lineDuplicate', { line: problem.line, value: problem.value });
      case 'tooMany':
        return t('sites.bulk.tooMany', { n: problem.count, max: problem.max });
    }
  };

  return (
    <Form.Item
      name="domains"
      label={label}
      tooltip={t('sites.help.bulkDomains')}
      required
      extra={
        <Flex justify="space-between" gap={8} wrap>
          <span>{t('sites.help.bulkDomainsExtra')}</span>
          <Typography.Text type={count > SITE_LIMITS.bulkDomains ? 'danger' : 'secondary'}>
            {t('sites.bulk.count', { n: count, max: SITE_LIMITS.bulkDomains })}
          </Typography.Text>
        </Flex>
      }
      rules={[
        {
          validator: (_rule, value: string | undefined) => {
            const { problem } = checkDomainLines(value);
            return problem ? Promise.reject(new Error(describe(problem))) : Promise.resolve();
          },
        },
      ]}
    >
      <Input.TextArea
        rows={10}
        placeholder={t('sites.bulk.domainsPlaceholder')}
        style={{ fontFamily: 'monospace' }}
      />
    </Form.Item>
  );
}
