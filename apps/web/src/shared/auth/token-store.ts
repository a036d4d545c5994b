import { currentVariant } from '@/app/variant';

/** Spec §9: the login token lives in localStorage under a fixed key prefix, one per console. */
export const TOKEN_KEY = `nimbus-token:${currentVariant.variant}`;

export const tokenStore = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};
