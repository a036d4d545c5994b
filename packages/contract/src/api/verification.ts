import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../envelope';
import { zIdCard } from '../validators/zod';

/**
 * Real-name verification (issue 8 §3, spec §4 "identity verification steps": pay the fee by
 * scan, face verification, done). The fee (web config `price.verificationFee`, 0 = free) is an
 * order of type 1 paid like any other; face verification runs at Tencent Cloud FaceID or
 * Alipay certification when one is switched on, and otherwise an administrator reviews.
 * Approval sets realnameStatus 1 (spec §3); while a verification is under way it is 0.
 *
 *   GET  app/account/verification/status                      → VerificationStatus
 *   POST app/account/verification/submit  VerificationSubmitRequest → VerificationStatus
 *   POST app/account/verification/face                         → FaceStart (go to the provider)
 *   POST app/account/verification/face/result                  → VerificationStatus (asks the provider)
 *   POST sys/account/verification/list    VerificationListRequest → Page<VerificationRecord>
 *   POST sys/account/verification/review  VerificationReviewRequest → VerificationRecord (audited)
 */
export const VERIFICATION_PATHS = {
  status: 'app/account/verification/status',
  submit: 'app/account/verification/submit',
  face: 'app/account/verification/face',
  faceResult: 'app/account/verification/face/result',
  adminList: 'sys/account/verification/list',
  adminReview: 'sys/account/verification/review',
} as const;

/** Where a verification stands; `verification.state.<s>` names each. */
export const VERIFICATION_STATES = ['fee_unpaid', 'face_pending', 'review', 'approved', 'rejected'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

/** Face verification providers and their system config keys (spec §3 feature switches). */
export const FACE_PROVIDERS = {
  tencent: { configKey: 'TENCENTUSERCERTIFY_CONFIG_KEY' },
  alipay: { configKey: 'ALIPAYUSERCERTIFY_CONFIG_KEY' },
} as const;
export type FaceProviderName = keyof typeof FACE_PROVIDERS;

/** realnameCertificatetype: 1 is the mainland resident identity card, the one face providers check. */
export const CERTIFICATE_TYPES = [1] as const;

export const verificationSubmitRequestSchema = z.object({
  realnameName: z
    .string({ message: 'validation.required' })
    .trim()
    .min(2, 'verification.nameLength')
    .max(50, 'verification.nameLength'),
  realnameCertificatetype: z.literal(1, { message: 'validation.invalid' }).default(1),
  realnameCertificateid: zIdCard(),
});
export type VerificationSubmitRequest = z.input<typeof verificationSubmitRequestSchema>;

export const verificationStatusSchema = z.object({
  /** Null before the first submission. */
  state: z.enum(VERIFICATION_STATES).nullable(),
  realnameStatus: z.number().int(),
  /** Masked: 张*三, 1101**********002X. */
  realnameName: z.string().nullable(),
  realnameCertificatetype: z.number().int().nullable(),
  realnameCertificateid: z.string().nullable(),
  /** The fee in cents (0: free), and its order while unpaid. */
  fee: z.number().int(),
  orderSerial: z.string().nullable(),
  /** A face provider is switched on; otherwise an administrator reviews. */
  faceAvailable: z.boolean(),
  /** Why the last one was rejected. */
  reason: z.string().nullable(),
});
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

export const faceStartSchema = z.object({ provider: z.string(), url: z.string() });
export type FaceStart = z.infer<typeof faceStartSchema>;

export const verificationListRequestSchema = listQuerySchema.extend({
  state: z.enum(VERIFICATION_STATES, { message: 'validation.invalid' }).optional(),
  username: z.string().trim().max(64).optional(),
});
export type VerificationListRequest = z.input<typeof verificationListRequestSchema>;
export type VerificationListQuery = z.infer<typeof verificationListRequestSchema>;

export const verificationRecordSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  state: z.enum(VERIFICATION_STATES),
  /** Masked like the customer's own view: an administrator approves without copying ID numbers. */
  realnameName: z.string(),
  realnameCertificateid: z.string(),
  method: z.string(),
  reason: z.string().nullable(),
  createtime: z.string(),
  reviewedAt: z.string().nullable(),
});
export type VerificationRecord = z.infer<typeof verificationRecordSchema>;
export const verificationPageSchema = pageSchema(verificationRecordSchema);

export const verificationReviewRequestSchema = z
  .object({
    id: z.number().int().positive(),
    approve: z.boolean(),
    reason: z.string().trim().max(200, 'validation.tooLong').default(''),
  })
  .refine((review) => review.approve || review.reason !== '', {
    path: ['reason'],
    message: 'verification.reasonRequired',
  });
export type VerificationReviewRequest = z.input<typeof verificationReviewRequestSchema>;

/** 张三 → 张*, 张小三 → 张*三: the first and last characters stay. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars.at(-1)}`;
}

/** 11010519491231002X → 1101**********002X. */
export function maskCertificateId(id: string): string {
  return id.length <= 8
    ? '*'.repeat(id.length)
    : `${id.slice(0, 4)}${'*'.repeat(id.length - 8)}${id.slice(-4)}`;
}
