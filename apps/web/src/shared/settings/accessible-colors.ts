import { generate } from '@ant-design/colors';
import { FastColor } from '@ant-design/fast-color';
import type { ThemeConfig } from 'antd';

/** WCAG 2.1 AA: body text against its background. */
export const TEXT_CONTRAST = 4.5;

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [high, low] = [new FastColor(a).getLuminance(), new FastColor(b).getLuminance()].sort(
    (x, y) => y - x,
  );
  return (high! + 0.05) / (low! + 0.05);
}

/**
 * `color` made darker (or lighter) one step at a time until it reaches `ratio` against
 * `background`: the nearest shade of the user's colour that people can read.
 */
export function readableShade(color: string, background: string, direction: 'darken' | 'lighten'): string {
  let shade = new FastColor(color);
  for (let step = 0; step < 100 && contrast(shade.toHexString(), background) < TEXT_CONTRAST; step++)
    shade = direction === 'darken' ? shade.darken(1) : shade.lighten(1);
  return shade.toHexString();
}

/**
 * antd's dark algorithm does not use a link seed as is: the link colour is shade 6 of the dark
 * palette generated from it (a darker, greyer blue). The seed here is lightened until that shade
 * reads on every `backgrounds` colour.
 */
export function readableDarkLinkSeed(color: string, backgrounds: readonly string[]): string {
  const shown = (seed: string) => generate(seed, { theme: 'dark' })[5]!;
  let seed = new FastColor(color);
  for (
    let step = 0;
    step < 100 && backgrounds.some((bg) => contrast(shown(seed.toHexString()), bg) < TEXT_CONTRAST);
    step++
  )
    seed = seed.lighten(1);
  return seed.toHexString();
}

/** The tinted backgrounds of dark-mode alerts (shade 1 of each status colour's dark palette), where links sit too. */
const darkAlertBackgrounds = (primary: string) =>
  ['#52c41a', '#faad14', '#ff4d4f', primary].map((status) => generate(status, { theme: 'dark' })[0]!);

/** The page backgrounds text sits on (antd's layout and container colours). */
const LIGHT_PAGE = '#f5f5f5';
/** The selected menu item's background in dark mode, the darkest place coloured text sits on. */
const DARK_SELECTED = '#16304f';
const ERROR = '#ff4d4f';
/** antd's red lightened to read on dark containers. */
const DARK_ERROR_TEXT = readableShade('#dc4446', '#141414', 'lighten');

/**
 * Theme tokens that keep every text AA-readable whatever colour the user picks (ADR 0017): the
 * chosen colour stays the theme's seed, but what carries white text (primary buttons, the
 * selected menu item) and links use its nearest readable shade; secondary, tertiary and
 * placeholder text are a little darker (lighter in dark mode) than antd's defaults.
 */
export function accessibleTokens(primary: string, dark: boolean): ThemeConfig['token'] {
  const fill = readableShade(primary, '#ffffff', 'darken');
  if (dark) {
    // On dark pages the colour is mostly text (links, the selected menu item, tabs): a lighter
    // shade; buttons keep the dark fill under their white text (componentTokens).
    const text = readableShade(primary, DARK_SELECTED, 'lighten');
    return {
      colorPrimary: text,
      colorLink: readableDarkLinkSeed(text, ['#141414', '#1f1f1f', ...darkAlertBackgrounds(primary)]),
      colorTextDescription: 'rgba(255, 255, 255, 0.6)',
      colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
      colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
    };
  }
  return {
    colorPrimary: fill,
    colorLink: readableShade(primary, LIGHT_PAGE, 'darken'),
    colorError: readableShade(ERROR, '#ffffff', 'darken'),
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  };
}

/** Components whose filled colour carries white text keep the dark fill in both modes. */
export function accessibleComponents(primary: string, dark: boolean): ThemeConfig['components'] {
  if (!dark) return undefined;
  const fill = readableShade(primary, '#ffffff', 'darken');
  // The selected menu item: white on the fill, as in the light theme's dark side menu.
  return {
    // Red as text must be light on dark pages; a filled red button then takes dark words.
    // (antd's dark algorithm darkens the error seed, so the button gets the shade itself.)
    Button: { colorPrimary: fill, colorError: DARK_ERROR_TEXT, dangerColor: '#141414' },
    Menu: { itemSelectedBg: fill, itemSelectedColor: '#ffffff' },
    // A switch that is on writes its words ("开" / "On") in white on its fill.
    Switch: { colorPrimary: fill, colorPrimaryHover: fill },
  };
}

/**
 * The keyboard focus ring (WCAG 2.4.7, 1.4.11: at least 3:1 against what is around it). antd's
 * rings are its pale primary border colour (about 1.7:1); this is the theme's readable shade,
 * which reaches 4.5:1 on the pages and panels of its mode.
 */
export function focusRingColor(primary: string, dark: boolean): string {
  return dark
    ? readableShade(primary, DARK_SELECTED, 'lighten')
    : readableShade(primary, LIGHT_PAGE, 'darken');
}
