import { AUTHORIZATION_PATHS, type AuthorizationInfo, type AuthorizationKey } from '@nimbus/contract';
import { api, requestEnvelope } from '@/shared/api/client';

export const authorizationKeyQueryKey = ['authorization', 'key'] as const;
export const authorizationInfoQueryKey = ['authorization', 'info'] as const;

/** The platform key and its import URL sit beside `code` in the answer (spec §7), not in `data`. */
async function keyOf(method: 'GET' | 'POST', path: string, signal?: AbortSignal) {
  const envelope = await requestEnvelope<never>(method, path, { signal });
  return { token: String(envelope.token ?? ''), importUrl: String(envelope.importUrl ?? '') };
}

export type ProbeKey = Pick<AuthorizationKey, 'token' | 'importUrl'>;

export const authorizationApi = {
  info: (signal?: AbortSignal) => api.get<AuthorizationInfo>(AUTHORIZATION_PATHS.info, undefined, signal),
  key: (signal?: AbortSignal): Promise<ProbeKey> => keyOf('GET', AUTHORIZATION_PATHS.keyShow, signal),
  rotate: (): Promise<ProbeKey> => keyOf('POST', AUTHORIZATION_PATHS.keyRotate),
};
