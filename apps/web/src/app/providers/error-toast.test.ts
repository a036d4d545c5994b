// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { ApiError, RequestCancelled } from '@/shared/api/client';
import { errorToastText, onToastDemand, setToaster, toastError, toastWarning } from './error-toast';

describe('errorToastText (spec §8)', () => {
  it('shows the server msg of a failed call', () => {
    expect(errorToastText(new ApiError(400, '域名格式不正确'))).toBe('域名格式不正确');
  });

  it('stays silent for cancelled calls and for 401 (the relogin dialog tells it)', () => {
    expect(errorToastText(new RequestCancelled())).toBeNull();
    expect(errorToastText(new DOMException('aborted', 'AbortError'))).toBeNull();
    expect(errorToastText(new ApiError(401, 'Login expired'))).toBeNull();
  });

  it('toastError and toastWarning hand the text to the mounted toaster', () => {
    const toaster = { error: vi.fn(), warning: vi.fn() };
    setToaster(toaster);
    toastError(new ApiError(409, 'Order already paid'));
    toastError(new RequestCancelled());
    toastWarning('Link refused');
    setToaster(null);
    expect(toaster.error).toHaveBeenCalledTimes(1);
    expect(toaster.error).toHaveBeenCalledWith('Order already paid');
    expect(toaster.warning).toHaveBeenCalledWith('Link refused');
  });

  it('keeps what is said before the host mounts, asks for the host, and shows it once mounted', () => {
    const demand = vi.fn();
    const stop = onToastDemand(demand);
    toastError(new ApiError(500, 'first'));
    toastWarning('second');
    expect(demand).toHaveBeenCalled();
    const toaster = { error: vi.fn(), warning: vi.fn() };
    setToaster(toaster);
    expect(toaster.error).toHaveBeenCalledWith('first');
    expect(toaster.warning).toHaveBeenCalledWith('second');
    toastError(new ApiError(500, 'third'));
    expect(toaster.error).toHaveBeenCalledTimes(2);
    setToaster(null);
    stop();
  });
});
