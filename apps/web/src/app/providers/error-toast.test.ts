// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { ApiError, RequestCancelled } from '@/shared/api/client';
import { errorToastText, setErrorToast, toastError } from './error-toast';

describe('errorToastText (spec §8)', () => {
  it('shows the server msg of a failed call', () => {
    expect(errorToastText(new ApiError(400, '域名格式不正确'))).toBe('域名格式不正确');
  });

  it('stays silent for cancelled calls and for 401 (the relogin dialog tells it)', () => {
    expect(errorToastText(new RequestCancelled())).toBeNull();
    expect(errorToastText(new DOMException('aborted', 'AbortError'))).toBeNull();
    expect(errorToastText(new ApiError(401, 'Login expired'))).toBeNull();
  });

  it('toastError hands the text to the mounted toast', () => {
    const show = vi.fn();
    setErrorToast(show);
    toastError(new ApiError(409, 'Order already paid'));
    toastError(new RequestCancelled());
    setErrorToast(null);
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith('Order already paid');
  });
});
