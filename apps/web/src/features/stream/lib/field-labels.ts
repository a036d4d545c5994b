/** The label each request field has on the rule form, for the contract messages' {field}. */
export const STREAM_FIELD_LABEL_KEYS: Readonly<Record<string, string>> = {
  name: 'stream.form.name',
  protocol: 'stream.form.protocol',
  listenPort: 'stream.form.listenPort',
  balance: 'stream.form.balance',
  origins: 'stream.form.origins',
  address: 'stream.form.originAddress',
  port: 'stream.form.originPort',
  weight: 'stream.form.originWeight',
  role: 'stream.form.originRole',
  connectTimeoutSeconds: 'stream.form.connectTimeout',
  enabled: 'stream.form.enabled',
};
