/**
 * Allinpay takes a `reqsn` once, even after the order under it was closed: a later hand-off of
 * the same order goes under our serial number with `R` and a count (`…R2`, `…R3`). Serial numbers
 * are digits only, so the suffix never hides part of one.
 */
const LATER = /^(\d+)R(\d{1,4})$/;

/** The reqsn for the hand-off after `earlier` (the order's previous reqsn). */
export function nextReference(serialNumber: string, earlier: string): string {
  const count = LATER.exec(earlier)?.[2];
  return `${serialNumber}R${count ? Number(count) + 1 : 2}`;
}

/** Our order's serial number from the reqsn Allinpay names (cusorderid in a notification). */
export function serialOfReference(reference: string): string {
  return LATER.exec(reference)?.[1] ?? reference;
}
