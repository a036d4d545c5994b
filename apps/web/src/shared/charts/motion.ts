/** Charts draw at once for a reader who asked the system for less motion (prefers-reduced-motion). */
export const chartAnimation = (): boolean => !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
