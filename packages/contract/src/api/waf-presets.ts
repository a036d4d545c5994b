import type { WafRuleInput } from './waf';

/**
 * Ready-made rule sets a customer switches on (issue 20 §2): each adds its rules to the site's
 * list, visible and editable like the customer's own. Patterns read the query as the edge does:
 * decoded and lower-case.
 */
export const WAF_PRESETS = {
  scanners: [
    {
      remark: 'Common vulnerability scanners by User-Agent',
      action: 'intercept',
      conditions: [
        {
          target: 'ua',
          operator: 'contains',
          value:
            'sqlmap|nikto|nmap|masscan|zgrab|nuclei|dirbuster|gobuster|wpscan|acunetix|nessus|openvas|ffuf|whatweb',
        },
      ],
    },
  ],
  'sql-injection': [
    {
      remark: 'SQL injection patterns in the query',
      action: 'intercept',
      conditions: [
        {
          target: 'query',
          operator: 'regex',
          value:
            'union\\s+(all\\s+)?select|select\\s.+\\sfrom\\s|insert\\s+into\\s|drop\\s+table|sleep\\(\\s*\\d+\\s*\\)|benchmark\\(|\\sor\\s+\\d+\\s*=\\s*\\d+|information_schema',
        },
      ],
    },
  ],
  xss: [
    {
      remark: 'Cross-site scripting patterns in the query',
      action: 'intercept',
      conditions: [
        {
          target: 'query',
          operator: 'regex',
          value: '<script|javascript:|<iframe|<svg|\\son(error|load|mouseover|focus)\\s*=|document\\.cookie',
        },
      ],
    },
  ],
  'path-traversal': [
    {
      remark: 'Path traversal and system files in the query',
      action: 'intercept',
      conditions: [
        {
          target: 'query',
          operator: 'contains',
          value: '../|..\\|/etc/passwd|/proc/self|c:\\windows|win.ini',
        },
      ],
    },
  ],
} as const satisfies Record<string, readonly WafRuleInput[]>;
export type WafPreset = keyof typeof WAF_PRESETS;
export const WAF_PRESET_NAMES = Object.keys(WAF_PRESETS) as WafPreset[];
