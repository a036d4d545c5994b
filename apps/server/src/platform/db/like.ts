/** A LIKE pattern matching `text` anywhere, literally: % _ and \ in it are escaped, not wildcards. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
