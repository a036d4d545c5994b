// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '@/shared/api/client';
import { i18n } from '@/i18n';

const failure = (call: Promise<unknown>) =>
  call.then(
    () => expect.fail('the call should have failed'),
    (error: unknown) => error as ApiError,
  );

describe('api client failures', () => {
  beforeAll(() => i18n.changeLanguage('en'));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('a network failure shows the translated message only, keeping the browser error as its cause', async () => {
    const cause = new TypeError('Failed to fetch');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(cause));
    await i18n.changeLanguage('cn');
    const error = await failure(api.get('app/common/web/config'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.msg).toBe(i18n.t('error.network'));
    expect(error.msg).not.toMatch(/TypeError|fetch/);
    expect(error.cause).toBe(cause);
  });

  it('a 2xx answer that is not JSON gets a translated message, not the parser’s', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response('<!doctype html><p>Bad gateway page</p>', {
          status: 200,
          headers: { 'content-type': 'text/html' },
        }),
      ),
    );
    const error = await failure(api.post('app/account/message/list', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.msg).toBe('Server error, please try again later');
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it('a 2xx JSON answer that is no envelope gets the same message', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          new Response('null', { status: 200, headers: { 'content-type': 'application/json' } }),
        ),
    );
    const error = await failure(api.get('app/account/userinfo'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.msg).toBe('Server error, please try again later');
  });
});
