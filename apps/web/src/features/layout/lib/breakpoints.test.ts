import { describe, expect, it } from 'vitest';
import { deviceForWidth, layoutForWidth } from './breakpoints';

describe('layoutForWidth (spec §9 breakpoints)', () => {
  it.each([
    [375, 'mobile', true, true],
    [768, 'mobile', true, true],
    [769, 'pad', false, true],
    [991, 'pad', false, true],
    [992, 'pc', false, true],
    [1280, 'pc', false, true],
    [1366, 'pc', false, true],
    [1367, 'pc', false, false],
    [1440, 'pc', false, false],
    [1920, 'pc', false, false],
  ])('%i px → %s, drawer %s, collapsed %s', (width, device, menuInDrawer, collapsed) => {
    expect(layoutForWidth(width)).toEqual({ device, menuInDrawer, collapsed });
  });

  it('deviceForWidth follows the same bands', () => {
    expect([320, 800, 1200].map(deviceForWidth)).toEqual(['mobile', 'pad', 'pc']);
  });
});
