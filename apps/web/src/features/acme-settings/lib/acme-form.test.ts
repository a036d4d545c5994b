import { describe, expect, it } from 'vitest';
import { acmeFormOf, acmeSaveBody, presetForUrl } from '@/features/acme-settings/lib/acme-form';

describe('ACME settings form', () => {
  it('sends what the contract makes of the form: trimmed, e-mail optional', () => {
    expect(acmeSaveBody({ directoryUrl: ' https://ca.example.com/dir ', email: '' })).toEqual({
      directoryUrl: 'https://ca.example.com/dir',
      email: '',
    });
    expect(acmeSaveBody({ directoryUrl: 'https://ca.example.com/dir', email: ' ops@example.com ' })).toEqual({
      directoryUrl: 'https://ca.example.com/dir',
      email: 'ops@example.com',
    });
  });

  it('refuses a directory that is not a URL', () => {
    expect(acmeSaveBody({ directoryUrl: 'letsencrypt', email: '' })).toBeNull();
    expect(acmeSaveBody({ directoryUrl: '', email: '' })).toBeNull();
  });

  it('knows the Let’s Encrypt directories, a trailing slash aside', () => {
    expect(presetForUrl('https://acme-v02.api.letsencrypt.org/directory/')?.key).toBe('letsEncrypt');
    expect(presetForUrl(' https://acme-staging-v02.api.letsencrypt.org/directory')?.key).toBe(
      'letsEncryptStaging',
    );
    expect(presetForUrl('https://ca.example.com/dir')).toBeUndefined();
  });

  it('fills the form from the stored settings', () => {
    expect(acmeFormOf({ directoryUrl: 'https://ca.example.com/dir' })).toEqual({
      directoryUrl: 'https://ca.example.com/dir',
      email: '',
    });
  });
});
