import { describe, expect, it } from 'vitest';
import { wafRuleInputSchema, type WafRuleInput } from './waf';
import { wafEdgeRule } from './waf-edge';
import { evaluateWafRules, wafSampleOf } from './waf-evaluate';
import { WAF_PRESETS, WAF_PRESET_NAMES } from './waf-presets';

const firstIssue = (rule: WafRuleInput) => wafRuleInputSchema.safeParse(rule).error?.issues[0];
const edge = (id: number, rule: WafRuleInput) => wafEdgeRule(id, wafRuleInputSchema.parse(rule));

describe('a WAF rule', () => {
  it('refuses an empty target, a bad address, a path without /, an IP compared by text, and a seventh condition', () => {
    const one = (value: string, target = 'path', operator = 'prefix') =>
      firstIssue({
        action: 'intercept',
        conditions: [{ target, operator, value }] as WafRuleInput['conditions'],
      });
    expect(one('  ')).toMatchObject({ message: 'waf.valueEmpty', path: ['conditions', 0, 'value'] });
    expect(one('admin')).toMatchObject({ message: 'waf.value.path' });
    expect(one('1.2.3.4|nope', 'ip', 'in')).toMatchObject({ message: 'waf.value.ip' });
    expect(one('1.2.3.4', 'ip', 'contains')).toMatchObject({ message: 'waf.ipOperator' });
    expect(one('a"b', 'ua', 'regex')).toMatchObject({ message: 'waf.value.regex' });
    expect(
      firstIssue({ action: 'intercept', conditions: [{ target: 'header', operator: 'equals', value: 'x' }] }),
    ).toMatchObject({ message: 'waf.name' });
    const seven = Array.from({ length: 7 }, () => ({
      target: 'method' as const,
      operator: 'equals' as const,
      value: 'get',
    }));
    expect(firstIssue({ action: 'intercept', conditions: seven })).toMatchObject({
      message: 'waf.tooManyConditions',
    });
    expect(
      firstIssue({ action: 'ban', conditions: [{ target: 'method', operator: 'equals', value: 'get' }] }),
    ).toMatchObject({
      message: 'waf.seconds',
    });
  });

  it('reaches the edge with values split by |, lower-cased, and addresses canonical', () => {
    expect(
      edge(3, {
        action: 'code',
        status: 451,
        conditions: [
          { target: 'ua', operator: 'contains', value: ' Curl | Wget ' },
          { target: 'ip', operator: 'in', value: '10.0.0.9/8|::FFFF:1.2.3.4' },
          { target: 'query', operator: 'regex', value: 'a|b' },
        ],
      }).conditions.map((c) => c.values),
    ).toEqual([['curl', 'wget'], ['10.0.0.0/8', '1.2.3.4'], ['a|b']]);
  });
});

describe('the console’s evaluation of a sample request', () => {
  const rules = [
    edge(1, { action: 'next', conditions: [{ target: 'path', operator: 'prefix', value: '/admin' }] }),
    edge(2, {
      action: 'code',
      status: 451,
      conditions: [
        { target: 'path', operator: 'prefix', value: '/admin' },
        { target: 'method', operator: 'equals', value: 'POST|PUT' },
        { target: 'ua', operator: 'contains', value: 'curl' },
      ],
    }),
    edge(3, { action: 'intercept', conditions: [{ target: 'ip', operator: 'in', value: '203.0.113.0/24' }] }),
  ];
  const run = (method: string, url: string, headers: string, ip = '198.51.100.1') =>
    evaluateWafRules(rules, wafSampleOf(method, url, headers, ip));

  it('decides by the first rule that stops, after the ones that go on', () => {
    expect(run('POST', '/admin/x', 'User-Agent: CURL/8')).toEqual({
      matched: [
        { ruleId: 1, action: 'next' },
        { ruleId: 2, action: 'code' },
      ],
      outcome: { pass: false, status: 451, decidedBy: 2 },
    });
    expect(run('GET', '/admin/x', 'User-Agent: curl').outcome).toEqual({
      pass: true,
      status: null,
      decidedBy: null,
    });
    expect(run('GET', '/x', '', '203.0.113.9').outcome.status).toBe(403);
  });

  it('a verification rule decides: a sample has no pass, so the edge shows its page', () => {
    const verify = [
      edge(4, { action: 'sensorless', conditions: [{ target: 'path', operator: 'prefix', value: '/' }] }),
    ];
    expect(evaluateWafRules(verify, wafSampleOf('GET', '/', '', '198.51.100.1')).outcome).toEqual({
      pass: false,
      status: 200,
      decidedBy: 4,
    });
  });

  it('reads the path as nginx does: decoded, dot segments resolved', () => {
    expect(run('POST', '/public/../%61dmin', 'User-Agent: curl').outcome.status).toBe(451);
  });
});

describe('the ready-made rule sets', () => {
  it('are valid rules, and catch what they name', () => {
    for (const name of WAF_PRESET_NAMES)
      for (const rule of WAF_PRESETS[name])
        expect(wafRuleInputSchema.safeParse(rule).success, name).toBe(true);
    const preset = (name: keyof typeof WAF_PRESETS) => WAF_PRESETS[name].map((r, i) => edge(i + 1, r));
    const blocked = (name: keyof typeof WAF_PRESETS, url: string, headers = '') =>
      evaluateWafRules(preset(name), wafSampleOf('GET', url, headers, '198.51.100.1')).outcome.pass === false;
    expect(blocked('scanners', '/', 'User-Agent: sqlmap/1.7')).toBe(true);
    expect(blocked('sql-injection', '/q?id=1+UNION+SELECT+password+FROM+users')).toBe(true);
    expect(blocked('xss', '/q?c=%3Cscript%3Ealert(1)')).toBe(true);
    expect(blocked('path-traversal', '/f?file=../../etc/passwd')).toBe(true);
    expect(blocked('sql-injection', '/q?id=42&sort=name')).toBe(false);
    expect(blocked('xss', '/q?c=hello')).toBe(false);
  });
});
