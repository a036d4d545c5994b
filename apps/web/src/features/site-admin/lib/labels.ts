import { SITE_FIELD_LABEL_KEYS } from '@/features/sites/lib/field-labels';

/**
 * Each tab's request fields → the i18n key of their label there, for the contract messages'
 * {field} and to find the field a server refusal names. Section fields are `settings.<name>`.
 */
export const BASIC_LABEL_KEYS: Readonly<Record<string, string>> = {
  siteGroupId: 'sites.form.siteGroup',
  remark: 'siteAdmin.basic.remark',
};

export const UPSTREAM_LABEL_KEYS: Readonly<Record<string, string>> = {
  balance: 'sites.form.balance',
  'settings.cookieName': 'siteAdmin.upstream.cookieName',
  'settings.maxFails': 'siteAdmin.upstream.maxFails',
  'settings.failTimeout': 'siteAdmin.upstream.failTimeout',
  'settings.keepalive': 'siteAdmin.upstream.keepalive',
  'settings.keepaliveTimeout': 'siteAdmin.upstream.keepaliveTimeout',
};

export const ADVANCED_LABEL_KEYS: Readonly<Record<string, string>> = {
  httpsEnabled: SITE_FIELD_LABEL_KEYS.httpsEnabled!,
  certificateId: SITE_FIELD_LABEL_KEYS.certificateId!,
  httpsPorts: SITE_FIELD_LABEL_KEYS.httpsPorts!,
  httpPorts: SITE_FIELD_LABEL_KEYS.httpPorts!,
  forceHttps: SITE_FIELD_LABEL_KEYS.forceHttps!,
  'settings.hsts': 'siteAdmin.advanced.hsts',
  'settings.hstsMaxAge': 'siteAdmin.advanced.hstsMaxAge',
  'settings.hstsIncludeSubdomains': 'siteAdmin.advanced.hstsIncludeSubdomains',
  'settings.hstsPreload': 'siteAdmin.advanced.hstsPreload',
  'settings.responseHeaders': 'siteAdmin.advanced.responseHeaders',
  'settings.minTls': 'siteAdmin.advanced.minTls',
  'settings.websocket': 'siteAdmin.advanced.websocket',
  'settings.bodyLimitMb': 'siteAdmin.advanced.bodyLimitMb',
};
