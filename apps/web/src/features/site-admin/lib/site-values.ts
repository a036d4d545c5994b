import type { Site, SiteUpdateRequest } from '@nimbus/contract';
import { siteFormOf, siteUpdateBody, type SiteFormValues } from '@/features/sites/lib/site-form';
import type { Parsed } from '@/shared/forms/form-issues';

/** A tab's form: every site field (so the contract's cross-field rules see them) and its section. */
export interface SiteTabValues<S = unknown> extends SiteFormValues {
  remark: string;
  settings: S;
}

export function siteTabValues<S>(site: Site, settings: S): SiteTabValues<S> {
  return { ...siteFormOf(site), remark: site.remark, settings };
}

/** The site update for the tab's site fields (the domain never changes); the section goes apart. */
export function siteUpdateOf(site: Site, values: SiteTabValues): Parsed<SiteUpdateRequest> {
  const { settings: _settings, remark, ...fields } = values;
  const parsed = siteUpdateBody(site.id, fields);
  return parsed.ok ? { ok: true, body: { ...parsed.body, remark } } : parsed;
}

/** Whether the tab changed anything the site update carries (a save then sends it, else not). */
export function siteFieldsChanged(site: Site, values: SiteTabValues): boolean {
  const before = siteUpdateOf(site, siteTabValues(site, null));
  const after = siteUpdateOf(site, values);
  if (!after.ok || !before.ok) return true;
  return JSON.stringify(before.body) !== JSON.stringify(after.body);
}
