import { generate } from '@ant-design/colors';
import { describe, expect, it } from 'vitest';
import {
  accessibleComponents,
  accessibleTokens,
  contrast,
  focusRingColor,
  readableShade,
  TEXT_CONTRAST,
} from './accessible-colors';

describe('accessible colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 0);
    expect(contrast('#177dff', '#ffffff')).toBeCloseTo(3.88, 1);
  });

  it('keeps a colour that is readable already, and darkens or lightens one that is not', () => {
    expect(readableShade('#0a3d91', '#ffffff', 'darken')).toBe('#0a3d91');
    const fill = readableShade('#177dff', '#ffffff', 'darken');
    expect(contrast(fill, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    const link = readableShade('#177dff', '#1f1f1f', 'lighten');
    expect(contrast(link, '#1f1f1f')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('gives readable fills and links for any colour a user may pick', () => {
    for (const color of [
      '#177dff',
      '#ff4d4f',
      '#faad14',
      '#52c41a',
      '#13c2c2',
      '#eb2f96',
      '#ffffff',
      '#000000',
    ])
      for (const dark of [false, true]) {
        const tokens = accessibleTokens(color, dark)!;
        // Light: white text on the fill. Dark: the colour is text on the darkest coloured place,
        // and buttons keep the dark fill under their white text.
        expect(contrast(tokens.colorPrimary!, dark ? '#16304f' : '#ffffff')).toBeGreaterThanOrEqual(
          TEXT_CONTRAST,
        );
        const components = accessibleComponents(color, dark);
        // Filled parts with white words: primary buttons, and a switch that is on.
        if (dark)
          for (const fill of [components?.Button?.colorPrimary, components?.Switch?.colorPrimary])
            expect(contrast(fill!, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        // What antd's algorithm shows of the link seed: as is in light mode, the dark palette's
        // shade 6 in dark mode — read on a dark warning alert's tint as well.
        const link = dark ? generate(tokens.colorLink!, { theme: 'dark' })[5]! : tokens.colorLink!;
        for (const background of dark ? ['#1f1f1f', '#2b2111'] : ['#f5f5f5'])
          expect(contrast(link, background)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
        // The focus ring: at least 3:1 on the pages and panels of the mode.
        for (const background of dark ? ['#000000', '#141414', '#1f1f1f'] : ['#ffffff', '#f5f5f5'])
          expect(contrast(focusRingColor(color, dark), background)).toBeGreaterThanOrEqual(3);
      }
  });
});
