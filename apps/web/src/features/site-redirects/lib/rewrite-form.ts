import {
  forceRedirectInputSchema,
  rewriteRuleInputSchema,
  type ForceKind,
  type ForceRedirect,
  type ForceRedirectInput,
  type RedirectStatus,
  type RewriteMatch,
  type RewriteRule,
  type RewriteRuleInput,
} from '@nimbus/contract';
import { parseWith, type Parsed } from '@/shared/forms/form-issues';

export interface RewriteFormValues {
  siteId: number | undefined;
  match: RewriteMatch;
  source: string;
  target: string;
  status: RedirectStatus;
  keepQuery: boolean;
  enabled: boolean;
  remark: string;
}

export const emptyRewriteForm = (siteId?: number): RewriteFormValues => ({
  siteId,
  match: 'prefix',
  source: '',
  target: '',
  status: 301,
  keepQuery: true,
  enabled: true,
  remark: '',
});

export const rewriteFormOf = (rule: RewriteRule): RewriteFormValues => ({
  siteId: rule.siteId,
  match: rule.match,
  source: rule.source,
  target: rule.target,
  status: rule.status as RedirectStatus,
  keepQuery: rule.keepQuery,
  enabled: rule.enabled,
  remark: rule.remark,
});

/** The save request as the server will read it, or the contract's issues (the same sentences). */
export function rewriteSaveBody(values: RewriteFormValues, id?: number): Parsed<RewriteRuleInput> {
  return parseWith<RewriteRuleInput>(rewriteRuleInputSchema, {
    ...values,
    ...(id === undefined ? {} : { id }),
  });
}

export interface ForceFormValues {
  siteId: number | undefined;
  kind: ForceKind;
  targetHost: string;
  status: RedirectStatus;
  enabled: boolean;
}

export const emptyForceForm = (): ForceFormValues => ({
  siteId: undefined,
  kind: 'https',
  targetHost: '',
  status: 301,
  enabled: true,
});

export const forceFormOf = (entry: ForceRedirect): ForceFormValues => ({
  siteId: entry.siteId,
  kind: entry.kind,
  targetHost: entry.targetHost,
  status: entry.status as RedirectStatus,
  enabled: entry.enabled,
});

export function forceSaveBody(values: ForceFormValues, id?: number): Parsed<ForceRedirectInput> {
  return parseWith<ForceRedirectInput>(forceRedirectInputSchema, {
    ...values,
    ...(id === undefined ? {} : { id }),
  });
}

/** The label each request field has on the forms, for the contract messages' {field}. */
export const REDIRECT_FIELD_LABEL_KEYS: Readonly<Record<string, string>> = {
  siteId: 'redirects.field.site',
  match: 'redirects.field.match',
  source: 'redirects.field.source',
  target: 'redirects.field.target',
  status: 'redirects.field.status',
  keepQuery: 'redirects.field.keepQuery',
  enabled: 'redirects.field.enabled',
  remark: 'redirects.field.remark',
  kind: 'redirects.field.kind',
  targetHost: 'redirects.field.targetHost',
};
