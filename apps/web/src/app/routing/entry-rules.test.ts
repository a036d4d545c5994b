import { describe, expect, it } from 'vitest';
import {
  consoleHome,
  decideEntry,
  isPublicPath,
  loginWithRedirect,
  safeRedirect,
  withoutParam,
  type EntryContext,
} from './entry-rules';

const cdnUser = { side: 'customer', product: 'cdn' } as const;
const dnsUser = { side: 'customer', product: 'dns' } as const;
const admin = { side: 'admin', product: 'cdn' } as const;

const decide = (pathname: string, extra: Partial<EntryContext> = {}) =>
  decideEntry({ pathname, search: '', loggedIn: false, variant: cdnUser, registerDisabled: false, ...extra });

describe('decideEntry (spec §2 routing rules)', () => {
  it('/ goes to login when logged out and to /console when logged in', () => {
    expect(decide('/')).toEqual({ kind: 'redirect', to: '/login' });
    expect(decide('/', { loggedIn: true })).toEqual({ kind: 'redirect', to: '/console' });
  });

  it('a logged-in user opening login goes to /console', () => {
    expect(decide('/login', { loggedIn: true })).toEqual({ kind: 'redirect', to: '/console' });
    expect(decide('/login')).toEqual({ kind: 'render', clearLogin: false });
  });

  it('/console leads to each console’s dashboard', () => {
    expect(decide('/console', { loggedIn: true })).toEqual({ kind: 'redirect', to: '/cdn/dashboard' });
    expect(decide('/console', { loggedIn: true, variant: dnsUser })).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect(decide('/console/', { loggedIn: true, variant: admin })).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });

  it('an unauthenticated user is sent to login with the wanted target', () => {
    expect(decide('/cdn/message/detail', { search: '?id=7' })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fcdn%2Fmessage%2Fdetail%3Fid%3D7',
    });
    expect(decide('/console')).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fconsole' });
  });

  it('register, forget, reset-password and register-binding clear the stored login', () => {
    for (const path of ['/register', '/forget', '/reset-password', '/register-binding']) {
      expect(decide(path, { loggedIn: true })).toEqual({ kind: 'render', clearLogin: true });
      expect(decide(path)).toEqual({ kind: 'render', clearLogin: true });
    }
  });

  it('power.register 1 sends register to login; register-binding still binds existing accounts', () => {
    expect(decide('/register', { registerDisabled: true })).toEqual({ kind: 'redirect', to: '/login' });
    expect(decide('/register-binding', { registerDisabled: true })).toEqual({
      kind: 'render',
      clearLogin: true,
    });
    expect(decide('/register-binding', { variant: admin })).toEqual({ kind: 'redirect', to: '/login' });
    expect(decide('/forget', { registerDisabled: true })).toEqual({ kind: 'render', clearLogin: true });
  });

  it('admins cannot register', () => {
    expect(decide('/register', { variant: admin })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('any other page renders for a logged-in user (unknown paths reach the not-found page)', () => {
    expect(decide('/cdn/dashboard', { loggedIn: true })).toEqual({ kind: 'render', clearLogin: false });
    expect(decide('/no/such/page', { loggedIn: true })).toEqual({ kind: 'render', clearLogin: false });
  });
});

describe('helpers', () => {
  it('consoleHome per console', () => {
    expect(consoleHome(cdnUser)).toBe('/cdn/dashboard');
    expect(consoleHome(dnsUser)).toBe('/dashboard');
    expect(consoleHome({ side: 'admin', product: 'dns' })).toBe('/dashboard');
  });

  it('isPublicPath knows the five public pages only', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/reset-password/')).toBe(true);
    expect(isPublicPath('/cdn/dashboard')).toBe(false);
  });

  it('safeRedirect accepts only paths inside the console', () => {
    expect(safeRedirect('/cdn/message?id=1')).toBe('/cdn/message?id=1');
    expect(safeRedirect('//evil.example/x')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('/login?redirect=/x')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });

  it('loginWithRedirect encodes the target', () => {
    expect(loginWithRedirect('/a?b=c&d=e')).toBe('/login?redirect=%2Fa%3Fb%3Dc%26d%3De');
  });

  it('withoutParam drops one parameter and keeps the rest', () => {
    expect(withoutParam('?access_token=abc&tab=2', 'access_token')).toBe('?tab=2');
    expect(withoutParam('?token=abc', 'token')).toBe('');
  });
});
