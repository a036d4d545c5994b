import { Suspense, useState, type ReactNode } from 'react';

/**
 * Mounts `children` (a lazy drawer or dialog) from the first time `open` is true, so its code
 * loads when first wanted rather than with the console frame; it then stays mounted, so closing
 * and opening again animate as usual.
 */
export function MountWhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  // Adjusting state while rendering (React's pattern for state derived from a changed prop).
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
