// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  actionText,
  conditionsText,
  durationText,
  remarkText,
} from '@/features/site-waf/lib/condition-summary';
import { i18n } from '@/i18n';
import '@/shared/test/all-strings';

const en = i18n.getFixedT('en');
const cn = i18n.getFixedT('cn');

describe('a rule in words', () => {
  const conditions = [
    { target: 'path', name: '', operator: 'prefix', negate: false, value: '/admin' },
    { target: 'method', name: '', operator: 'equals', negate: false, value: 'POST|  PUT ' },
  ] as const;

  it('says each condition, ANDed, with several values by |', () => {
    expect(conditionsText(conditions, en)).toBe('Path starts with /admin AND Method equals POST | PUT');
    expect(conditionsText(conditions, cn)).toBe('路径 以 /admin 开头 且 请求方法 等于 POST | PUT');
  });

  it('names a header or cookie, says "not", and keeps a regex as one pattern', () => {
    expect(
      conditionsText(
        [
          { target: 'header', name: 'X-Token', operator: 'equals', negate: true, value: 'a|b' },
          { target: 'query', name: '', operator: 'regex', negate: false, value: 'union\\s+select|sleep\\(' },
          { target: 'ip', name: '', operator: 'in', negate: true, value: '10.0.0.0/8' },
        ],
        en,
      ),
    ).toBe(
      'Header X-Token does not equal a | b AND Query matches the regex union\\s+select|sleep\\( AND Client IP is not in 10.0.0.0/8',
    );
  });

  it('says the action with its status or duration', () => {
    expect(actionText({ action: 'code', status: 429, seconds: 0 }, en)).toBe('Custom error code 429');
    expect(actionText({ action: 'ban', status: 403, seconds: 5400 }, en)).toBe('Ban for 1 h 30 min');
    expect(actionText({ action: 'blacklist-all', status: 403, seconds: 86_400 }, cn)).toBe('全节点拉黑 1 天');
    expect(actionText({ action: 'intercept', status: 403, seconds: 0 }, en)).toBe('Intercept');
    expect(durationText(61, en)).toBe('1 min 1 s');
  });

  it("shows a ready-made rule's stock remark as its set's name, and the customer's own remark as written", () => {
    const remark = 'Common vulnerability scanners by User-Agent';
    expect(remarkText({ remark, preset: 'scanners' }, cn)).toBe('常见扫描器');
    expect(remarkText({ remark: 'mine now', preset: 'scanners' }, cn)).toBe('mine now');
    expect(remarkText({ remark, preset: '' }, cn)).toBe(remark);
  });
});
