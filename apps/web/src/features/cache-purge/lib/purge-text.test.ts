import { describe, expect, it } from 'vitest';
import { checkPurgeText } from './purge-text';

describe('checkPurgeText', () => {
  it('names the first bad line with the contract’s message key', () => {
    expect(checkPurgeText('url', 'https://a.example.com/x\n\nftp://a.example.com/y', 200)).toEqual({
      count: 1,
      duplicates: 0,
      error: { key: 'purge.scheme', params: { line: 3, value: 'ftp://a.example.com/y' } },
    });
    expect(checkPurgeText('site', 'https://*.example.com/', 200).error?.key).toBe('purge.wildcard');
    expect(checkPurgeText('type', 'https://a.example.com/img/x.jpg', 100).error?.key).toBe(
      'purge.typePattern',
    );
  });

  it('counts distinct entries against the kind’s maximum', () => {
    const text = 'https://a.example.com/x\nhttp://a.example.com/x\nhttps://a.example.com/y';
    expect(checkPurgeText('url', text, 2)).toEqual({ count: 2, duplicates: 1 });
    expect(checkPurgeText('url', text, 1).error).toEqual({ key: 'purge.tooMany', params: { max: 1 } });
  });

  it('leaves an empty text to the submit step', () => {
    expect(checkPurgeText('dir', ' \n ', 100)).toEqual({ count: 0, duplicates: 0 });
  });
});
