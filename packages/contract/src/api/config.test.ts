import { describe, expect, it } from 'vitest';
import { changedSecretDestination } from './config';
import { MAIL_PASSWORD_DESTINATION_FIELDS } from './mail';

describe('changedSecretDestination', () => {
  const stored = { host: 'smtp.a.example', port: 465, username: 'a@a.example', password: '' };

  it.each<[string, Record<string, unknown>, string | undefined]>([
    ['nothing changed', { ...stored }, undefined],
    ['a field that is not a destination', { ...stored, secure: false }, undefined],
    ['host', { ...stored, host: 'smtp.b.example' }, 'host'],
    ['port', { ...stored, port: 587 }, 'port'],
    ['port as text is not the stored number', { ...stored, port: '465' }, 'port'],
    ['username', { ...stored, username: 'b@a.example' }, 'username'],
    ['a destination removed', { host: stored.host, port: stored.port }, 'username'],
  ])('%s', (_name, incoming, expected) => {
    expect(changedSecretDestination(MAIL_PASSWORD_DESTINATION_FIELDS, incoming, stored)).toBe(expected);
  });

  it('counts absent and null as the same', () => {
    expect(changedSecretDestination(['api_addr'], { api_addr: null }, {})).toBeUndefined();
  });
});
