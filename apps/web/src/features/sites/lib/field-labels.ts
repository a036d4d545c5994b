/** The label each request field has on the site forms, for the contract messages' {field}. */
export const SITE_FIELD_LABEL_KEYS: Readonly<Record<string, string>> = {
  domain: 'sites.form.domain',
  domains: 'sites.bulk.domains',
  siteGroupId: 'sites.form.siteGroup',
  originProtocol: 'sites.form.originProtocol',
  balance: 'sites.form.balance',
  origins: 'sites.form.origins',
  address: 'sites.form.originAddress',
  httpPort: 'sites.form.originHttpPort',
  httpsPort: 'sites.form.originHttpsPort',
  weight: 'sites.form.originWeight',
  role: 'sites.form.originRole',
  httpPorts: 'sites.form.httpPorts',
  httpsPorts: 'sites.form.httpsPorts',
  httpsEnabled: 'sites.form.httpsEnabled',
  certificateId: 'sites.form.certificate',
  forceHttps: 'sites.form.forceHttps',
};
