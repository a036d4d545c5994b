import type { FaceProviderName } from '@nimbus/contract';
import { alipayFaceProvider } from './alipay';
import type { FaceProvider } from './face-provider';
import { tencentFaceProvider } from './tencent';

/** Every face verification adapter by name (contract FACE_PROVIDERS). */
export const FACE_PROVIDER_ADAPTERS: Partial<Record<FaceProviderName, FaceProvider<unknown>>> = {
  tencent: tencentFaceProvider as FaceProvider<unknown>,
  alipay: alipayFaceProvider as FaceProvider<unknown>,
};
