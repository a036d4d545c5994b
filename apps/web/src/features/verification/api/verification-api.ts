import {
  VERIFICATION_PATHS,
  type FaceStart,
  type Page,
  type VerificationListRequest,
  type VerificationRecord,
  type VerificationReviewRequest,
  type VerificationStatus,
  type VerificationSubmitRequest,
} from '@nimbus/contract';
import { api } from '@/shared/api/client';

export const verificationQueryKey = ['verification'] as const;

export const verificationApi = {
  status: (signal?: AbortSignal) => api.get<VerificationStatus>(VERIFICATION_PATHS.status, undefined, signal),
  submit: (body: VerificationSubmitRequest) => api.post<VerificationStatus>(VERIFICATION_PATHS.submit, body),
  startFace: () => api.post<FaceStart>(VERIFICATION_PATHS.face, {}),
  faceResult: () => api.post<VerificationStatus>(VERIFICATION_PATHS.faceResult, {}),
  list: (body: VerificationListRequest, signal?: AbortSignal) =>
    api.post<Page<VerificationRecord>>(VERIFICATION_PATHS.adminList, body, signal),
  review: (body: VerificationReviewRequest) =>
    api.post<VerificationRecord>(VERIFICATION_PATHS.adminReview, body),
};
