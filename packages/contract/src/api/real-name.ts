/*
 * The real-name rule alone (ADR 0040), without the gate's path list: the consoles' frame imports
 * it, and the list's imports (the site, plan, stream schemas) would come along with it.
 */

/** Whether the gate holds a customer back: real name required and not (yet) approved. */
export const realNameRequired = (realNamePower: number, realnameStatus: number): boolean =>
  realNamePower === 1 && realnameStatus !== 1;
