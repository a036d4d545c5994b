import { z } from 'zod';
import { endpointField, requiredText, secretField } from './payment-gateways/common';
import { FACE_PROVIDERS, type FaceProviderName } from './verification';

/**
 * Tencent Cloud FaceID (TENCENTUSERCERTIFY_CONFIG_KEY): an API key pair of the account and the
 * RuleId of the business flow created in the FaceID console. The API needs no region; one can be
 * given for accounts that are told to send one.
 */
export const tencentFaceConfigSchema = z.object({
  secretId: requiredText(128),
  secretKey: secretField(256),
  ruleId: requiredText(64),
  region: z.string().trim().max(32).default(''),
  endpoint: endpointField('https://faceid.tencentcloudapi.com'),
});
export type TencentFaceConfig = z.infer<typeof tencentFaceConfigSchema>;
export const TENCENT_FACE_SECRET_FIELDS = ['secretKey'] as const;

/**
 * Alipay identity verification (ALIPAYUSERCERTIFY_CONFIG_KEY): the application's APPID, its RSA2
 * private key (signs our requests) and Alipay's public key (verifies Alipay's answers), each as
 * the Alipay tools print them (bare base64) or as PEM.
 */
export const alipayCertifyConfigSchema = z.object({
  appId: requiredText(32),
  privateKey: secretField(8192),
  alipayPublicKey: requiredText(4096),
  endpoint: endpointField('https://openapi.alipay.com/gateway.do'),
});
export type AlipayCertifyConfig = z.infer<typeof alipayCertifyConfigSchema>;
export const ALIPAY_CERTIFY_SECRET_FIELDS = ['privateKey'] as const;

/** Each face provider's configuration (the value of its system config key) and its write-only fields. */
export const FACE_CONFIG: Record<FaceProviderName, { schema: z.ZodType; secretFields: readonly string[] }> = {
  tencent: { schema: tencentFaceConfigSchema, secretFields: TENCENT_FACE_SECRET_FIELDS },
  alipay: { schema: alipayCertifyConfigSchema, secretFields: ALIPAY_CERTIFY_SECRET_FIELDS },
};

const providerOf = (paramKey: string) =>
  (Object.keys(FACE_PROVIDERS) as FaceProviderName[]).find(
    (name) => FACE_PROVIDERS[name].configKey === paramKey,
  );

/** The configuration schema of a face provider's config key, if it is one. */
export function faceConfigSchemaOf(paramKey: string): z.ZodType | undefined {
  const name = providerOf(paramKey);
  return name === undefined ? undefined : FACE_CONFIG[name].schema;
}

/** Write-only fields by config key. */
export function faceConfigSecretFields(): Record<string, readonly string[]> {
  return Object.fromEntries(
    (Object.keys(FACE_CONFIG) as FaceProviderName[]).map((name) => [
      FACE_PROVIDERS[name].configKey,
      FACE_CONFIG[name].secretFields,
    ]),
  );
}

/**
 * Where each provider's secret goes: the endpoint receives the requests signed with it, so a
 * changed endpoint with a blank secret is refused (the secret must be entered again).
 */
export function faceConfigDestinationFields(): Record<string, readonly string[]> {
  return Object.fromEntries(
    (Object.keys(FACE_CONFIG) as FaceProviderName[]).map((name) => [
      FACE_PROVIDERS[name].configKey,
      ['endpoint'],
    ]),
  );
}
