import { describe, expect, it } from 'vitest';
import { cacheKeyUri, edgeCacheKey, edgeCacheKeyPrefix, nginxArg, nginxCacheKey } from './edge-protocol';

describe('edge cache keys', () => {
  it('keeps the whole request URI by default', () => {
    expect(edgeCacheKey(7, 'WWW.A.test', '/a.jpg?v=1')).toBe('7|www.a.test/a.jpg?v=1');
    expect(nginxCacheKey(7)).toBe('7|$host$request_uri');
  });

  it('drops the query string when ignored: a purge of the bare path names the shared entry', () => {
    const ignore = { mode: 'ignore' as const, params: [] };
    expect(edgeCacheKey(7, 'a.test', '/a.jpg?v=1', ignore)).toBe('7|a.test/a.jpg');
    expect(edgeCacheKey(7, 'a.test', '/a.jpg', ignore)).toBe('7|a.test/a.jpg');
    expect(nginxCacheKey(7, ignore)).toBe('7|$host$nimbus_path');
  });

  it('keeps only the listed parameters, in their order, as nginx reads $arg_<name>', () => {
    const include = { mode: 'include' as const, params: ['v', 'Lang'] };
    expect(cacheKeyUri('/a?x=1&lang=en&v=2&v=3', include)).toBe('/a?v=2&Lang=en');
    expect(cacheKeyUri('/a', include)).toBe('/a?v=&Lang=');
    expect(nginxCacheKey(7, include)).toBe('7|$host$nimbus_path?v=${arg_v}&Lang=${arg_lang}');
    // No parameter listed: the path alone, as ignore.
    expect(cacheKeyUri('/a?x=1', { mode: 'include', params: [] })).toBe('/a');
  });

  it('reads an argument like nginx: whole names only, the first one, value as sent', () => {
    expect(nginxArg('av=1&v=2', 'v')).toBe('2');
    expect(nginxArg('V=%20x&v=3', 'v')).toBe('%20x');
    expect(nginxArg('v&w=1', 'v')).toBe('');
  });

  it('prefixes name the path whatever the query mode', () => {
    expect(edgeCacheKeyPrefix(7, 'A.test', '/img/')).toBe('7|a.test/img/');
  });
});
