import { describe, expect, it } from 'vitest';
import { configSaveRequestSchema, configUpdateRequestSchema } from './config';
import {
  WEB_CONFIG_DEFAULTS,
  WEB_CONFIG_SECTIONS,
  webConfigSaveRequestSchema,
  webSectionSchemas,
} from './web-config';

const firstIssue = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => {
  const issue = result.error?.issues[0];
  return issue ? { path: issue.path.join('/'), message: issue.message } : undefined;
};

describe('web config sections', () => {
  it.each(WEB_CONFIG_SECTIONS)('the defaults of %s are valid', (section) => {
    expect(webSectionSchemas[section].safeParse(WEB_CONFIG_DEFAULTS[section]).success).toBe(true);
  });

  it.each<[string, unknown, { path: string; message: string } | undefined]>([
    ['valid basic', { section: 'basic', value: WEB_CONFIG_DEFAULTS.basic }, undefined],
    [
      'empty site name',
      { section: 'basic', value: { ...WEB_CONFIG_DEFAULTS.basic, webName: '  ' } },
      { path: 'value/webName', message: 'validation.required' },
    ],
    [
      'logo that is not an image address',
      { section: 'basic', value: { ...WEB_CONFIG_DEFAULTS.basic, logoImgLight: 'javascript:alert(1)' } },
      { path: 'value/logoImgLight', message: 'webConfig.imageRef' },
    ],
    [
      'logo as a data URL',
      {
        section: 'basic',
        value: { ...WEB_CONFIG_DEFAULTS.basic, logoImgDark: 'data:image/png;base64,iVBOR' },
      },
      undefined,
    ],
    [
      'unknown language',
      { section: 'basic', value: { ...WEB_CONFIG_DEFAULTS.basic, lang: 'fr' } },
      { path: 'value/lang', message: 'validation.invalid' },
    ],
    [
      'power flag 2',
      { section: 'power', value: { ...WEB_CONFIG_DEFAULTS.power, register: 2 } },
      { path: 'value/register', message: 'validation.invalid' },
    ],
    [
      'contact e-mail',
      { section: 'contact', value: { ...WEB_CONFIG_DEFAULTS.contact, email: 'nope' } },
      { path: 'value/email', message: 'validation.email' },
    ],
    [
      'site URL',
      { section: 'otherSite', value: { ...WEB_CONFIG_DEFAULTS.otherSite, siteUrl: 'ftp://x' } },
      { path: 'value/siteUrl', message: 'validation.url' },
    ],
    [
      'empty price unit',
      { section: 'price', value: { unit: '' } },
      { path: 'value/unit', message: 'validation.required' },
    ],
    [
      'custom flag',
      { section: 'custom', value: { ...WEB_CONFIG_DEFAULTS.custom, 'access-token': 5 } },
      { path: 'value/access-token', message: 'validation.invalid' },
    ],
    [
      'unknown section',
      { section: 'secrets', value: {} },
      { path: 'section', message: 'webConfig.unknownSection' },
    ],
  ])('%s', (_name, input, expected) => {
    expect(firstIssue(webConfigSaveRequestSchema.safeParse(input))).toEqual(expected);
  });
});

describe('config save / update', () => {
  const update = (paramKey: string, value: unknown) =>
    configUpdateRequestSchema.safeParse({
      id: 1,
      paramKey,
      paramValue: typeof value === 'string' ? value : JSON.stringify(value),
    });

  it.each<[string, ReturnType<typeof update>, { path: string; message: string } | undefined]>([
    ['any JSON for an unknown key', update('MY_KEY', [1, 'two']), undefined],
    ['invalid JSON', update('MY_KEY', '{oops'), { path: 'paramValue', message: 'config.invalidJson' }],
    [
      'a web section is checked field by field',
      update('basic', { ...WEB_CONFIG_DEFAULTS.basic, webName: '' }),
      { path: 'paramValue/webName', message: 'validation.required' },
    ],
    [
      'a missing field of a section',
      update('power', { realName: 0 }),
      { path: 'paramValue/bindMobile', message: 'validation.required' },
    ],
    ['a bad paramKey', update('1bad key', {}), { path: 'paramKey', message: 'config.paramKeyFormat' }],
  ])('%s', (_name, result, expected) => {
    expect(firstIssue(result)).toEqual(expected);
  });

  it('save defaults remark and status', () => {
    expect(configSaveRequestSchema.parse({ paramKey: 'K', paramValue: '{}' })).toEqual({
      paramKey: 'K',
      paramValue: '{}',
      remark: '',
      status: 1,
    });
  });
});
