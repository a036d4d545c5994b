import { mailConfigSchema, webBasicSchema, webContactSchema } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { issueText, schemaError, zodRule, type Translate } from '@/shared/forms/zod-rules';

/** Echoes the key and its parameters, so the test sees what would be translated. */
const t: Translate = (key, options) => `${key}${options ? JSON.stringify(options) : ''}`;

describe('schemaError', () => {
  it('passes valid values', () => {
    expect(schemaError(webBasicSchema.shape.webName, 'Nimbus', t, 'Site name')).toBeUndefined();
    expect(schemaError(webContactSchema.shape.email, '', t, 'E-mail')).toBeUndefined();
  });

  it('treats an emptied input (undefined / null) as the empty string', () => {
    expect(schemaError(webBasicSchema.shape.webName, undefined, t, 'Site name')).toBe(
      'validation.required{"field":"Site name","min":1}',
    );
    expect(schemaError(mailConfigSchema.shape.host, null, t, 'SMTP server')).toBe(
      'mail.hostRequired{"field":"SMTP server","min":1}',
    );
  });

  it('passes the catalogue key of the contract with the label and limits', () => {
    expect(schemaError(webContactSchema.shape.email, 'not-mail', t, 'E-mail')).toBe(
      'validation.email{"field":"E-mail"}',
    );
    expect(schemaError(webBasicSchema.shape.webName, 'x'.repeat(65), t, 'Site name')).toBe(
      'validation.tooLong{"field":"Site name","max":64}',
    );
  });
});

describe('issueText', () => {
  it('never shows a library default message', () => {
    expect(issueText({ message: 'Invalid input: expected string' }, t, 'Port')).toBe(
      'validation.invalid{"field":"Port"}',
    );
  });
});

describe('zodRule', () => {
  it('rejects with the sentence and resolves for valid input', async () => {
    const rule = zodRule(mailConfigSchema.shape.port, t, 'Port', true);
    if (typeof rule === 'function' || !rule.validator) throw new Error('expected a rule object');
    expect(rule.required).toBe(true);
    await expect(rule.validator({}, '', () => undefined)).rejects.toThrow('mail.portRequired');
    await expect(rule.validator({}, 70000, () => undefined)).rejects.toThrow('validation.port');
    await expect(rule.validator({}, 465, () => undefined)).resolves.toBeUndefined();
  });
});
