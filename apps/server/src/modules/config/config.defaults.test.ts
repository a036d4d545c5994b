import { ACCOUNT_LIMITS } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG_ROWS, SMS_TEMPLATE_TEXTS } from './config.defaults';

describe('default SMS templates', () => {
  it('promise the lifetime codes really have', () => {
    const minutes = ACCOUNT_LIMITS.codeTtlSeconds / 60;
    expect(SMS_TEMPLATE_TEXTS.code.content).toContain(`${minutes}分钟内有效`);
    for (const key of ['SMS_CONFIG_KEY', 'ALIYUN_SMS_CONFIG_KEY', 'SMS_BAO']) {
      const row = DEFAULT_CONFIG_ROWS.find((r) => r.paramKey === key)!;
      const value = row.value as { templateIds: { code: { content: string } } };
      expect(value.templateIds.code.content).toContain('{code}');
      expect(value.templateIds.code.content).toContain(`${minutes}分钟内有效`);
    }
  });
});
