import { DEFAULT_UTC_OFFSET_MINUTES } from '@nimbus/contract';

const DAY = 86_400_000;
/** The display time zone's offset (spec §9: +8 h), in ms and seconds (pg/ SQL does epoch math). */
export const DISPLAY_OFFSET_MS = DEFAULT_UTC_OFFSET_MINUTES * 60_000;
export const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step;
/** The start of the display time zone's day an instant is in. */
export const displayDayStart = (ms: number) => floorTo(ms + DISPLAY_OFFSET_MS, DAY) - DISPLAY_OFFSET_MS;
