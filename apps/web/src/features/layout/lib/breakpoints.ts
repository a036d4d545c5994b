/** Spec §9 layout constants. */
export const SIDER_WIDTH = 220;
export const SIDER_COLLAPSED_WIDTH = 70;
export const MESSAGE_DRAWER_WIDTH = 450;
/** Mobile up to 768 px, pad up to 991 px, pc from 992 px; auto-collapse from 992 to 1366 px. */
export const MOBILE_MAX = 768;
export const PAD_MAX = 991;
export const AUTO_COLLAPSE_MAX = 1366;

export type Device = 'mobile' | 'pad' | 'pc';

export interface ViewportLayout {
  device: Device;
  /** Below the pc breakpoint the side menu opens in a drawer instead of a sider. */
  menuInDrawer: boolean;
  /** The sider's collapsed state the width asks for (the user may still toggle it). */
  collapsed: boolean;
}

export function deviceForWidth(width: number): Device {
  if (width <= MOBILE_MAX) return 'mobile';
  if (width <= PAD_MAX) return 'pad';
  return 'pc';
}

export function layoutForWidth(width: number): ViewportLayout {
  const device = deviceForWidth(width);
  return {
    device,
    menuInDrawer: device === 'mobile',
    collapsed: device !== 'pc' || width <= AUTO_COLLAPSE_MAX,
  };
}
