import { CERTIFICATE_PATHS } from './certificate';
import { DNS_PATHS } from './dns-constants';
import { PLAN_PATHS } from './plan';
import { SITE_PATHS } from './site';
import { STREAM_PATHS } from './stream';

/**
 * The real-name gate (ADR 0040). With web config power.realName on, a customer whose identity is
 * not verified (realnameStatus other than 1: 2 never submitted, 0 submitted and not approved) may
 * look at everything, run their account, verify (paying its fee), recharge, file work orders and
 * read messages, and change, pause or delete what they already run — but not put anything new on
 * the platform or buy service. These paths answer 403 `verification.required` for them.
 */
export const REAL_NAME_GATED_PATHS: readonly string[] = [
  SITE_PATHS.create,
  SITE_PATHS.bulk,
  CERTIFICATE_PATHS.upload,
  CERTIFICATE_PATHS.apply,
  STREAM_PATHS.save,
  DNS_PATHS.zoneCreate,
  DNS_PATHS.recordSave,
  DNS_PATHS.recordBulk,
  DNS_PATHS.recordImport,
  PLAN_PATHS.purchase,
  PLAN_PATHS.renew,
  PLAN_PATHS.upgrade,
  PLAN_PATHS.vasPurchase,
];
