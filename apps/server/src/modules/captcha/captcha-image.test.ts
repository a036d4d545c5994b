import { loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, captchaImage, captchaText } from './captcha-image';

describe('captchaImage', () => {
  it('draws a JPEG of the captcha size, different every time for the same text', async () => {
    const first = captchaImage('Ab3x');
    expect([...first.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([...first.subarray(-2)]).toEqual([0xff, 0xd9]);
    const image = await loadImage(first);
    expect([image.width, image.height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
    expect(captchaImage('Ab3x').equals(first)).toBe(false);
  });

  it('uses no character people confuse', () => {
    const texts = Array.from({ length: 500 }, () => captchaText()).join('');
    expect(texts).toMatch(/^[a-zA-Z2-9]+$/);
    expect(texts).not.toMatch(/[0oO1lIi]/);
  });
});
