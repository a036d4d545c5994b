/** On a tag the page shipped with (index.html): its shipped content, kept once a setting replaced it. */
const SHIPPED = 'data-shipped';
/** On a tag made here for a setting: the page had none, so an emptied setting removes it again. */
const ADDED = 'data-web-config';

/**
 * Sets `<meta name>` to a web-config value (spec §3 seo). An empty value keeps what the page
 * shipped with: index.html's description, which the default (empty) SEO description used to
 * remove, leaving the page with none (Lighthouse's SEO score, issue 22).
 */
export function setHeadMeta(name: string, value: string): void {
  const content = value.trim();
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (meta && !meta.hasAttribute(ADDED) && !meta.hasAttribute(SHIPPED))
    meta.setAttribute(SHIPPED, meta.content);
  if (!content) {
    const shipped = meta?.getAttribute(SHIPPED);
    if (shipped == null) meta?.remove();
    else meta!.content = shipped;
    return;
  }
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    meta.setAttribute(ADDED, '');
    document.head.appendChild(meta);
  }
  meta.content = content;
}
