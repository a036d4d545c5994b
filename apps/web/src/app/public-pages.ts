import type { ComponentType } from 'react';
import { LoginPage } from '@/features/auth/pages/LoginPage';
import { pageLoader } from '@/shared/lazy/page-loader';

/** Pages the shell routes itself, outside the menu (spec §2 public pages). */
export const PUBLIC_PAGE_FILES = {
  login: 'auth/pages/LoginPage',
  register: 'auth/pages/RegisterPage',
  forget: 'auth/pages/ForgetPage',
  resetPassword: 'auth/pages/ResetPasswordPage',
  registerBinding: 'auth/pages/RegisterBindingPage',
} as const;

// The login page is part of the first load: it is where most visits start, and one file
// compresses better than the score of small chunks it would need. The others load when shown.
const publicPageModules = import.meta.glob<Record<string, unknown>>([
  '../features/auth/pages/*.tsx',
  '!../features/auth/pages/LoginPage.tsx',
  '!../features/auth/pages/*.test.tsx',
  '../features/unavailable/pages/UnavailablePage.tsx',
]);
/** The files the public pages' glob bundles, a chunk each (page-registry.test.ts checks them). */
export const PUBLIC_PAGE_MODULES: readonly string[] = Object.keys(publicPageModules);
const lazyPublicPage = pageLoader(publicPageModules);

export function publicPage(name: keyof typeof PUBLIC_PAGE_FILES): ComponentType {
  if (name === 'login') return LoginPage;
  return lazyPublicPage(PUBLIC_PAGE_FILES[name]) ?? lazyPublicPage('unavailable/pages/UnavailablePage')!;
}
