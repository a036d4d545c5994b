import type { FaceProviderName } from '@nimbus/contract';
import type { FaceProvider } from './face-provider';

/** Every face verification adapter by name (contract FACE_PROVIDERS). */
export const FACE_PROVIDER_ADAPTERS: Partial<Record<FaceProviderName, FaceProvider<unknown>>> = {};
