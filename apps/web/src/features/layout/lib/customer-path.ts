/**
 * A customer page's path inside its console's router. CDN customer pages live under /cdn; the
 * DNS console's router basename (/dns) is its prefix already, so its server menu routes the bare
 * path (`/message`, not `/dns/message`).
 */
export const customerPath = (product: 'cdn' | 'dns', path: string): string =>
  product === 'cdn' ? `/cdn${path}` : path;
