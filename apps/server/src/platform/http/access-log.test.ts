import { describe, expect, it } from 'vitest';
import { redactUrl } from './access-log';

describe('redactUrl', () => {
  it.each([
    ['/api/app/account/userinfo', '/api/app/account/userinfo'],
    ['/cdn/dashboard?token=abc123', '/cdn/dashboard?token=[redacted]'],
    ['/x?lang=en&access_token=t-1&page=2', '/x?lang=en&access_token=[redacted]&page=2'],
    ['/x?TOKEN=a#frag', '/x?TOKEN=[redacted]#frag'],
    ['/x?mytoken=keep', '/x?mytoken=keep'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
