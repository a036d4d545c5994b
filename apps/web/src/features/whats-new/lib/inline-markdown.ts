export type InlinePart = { kind: 'text' | 'code' | 'strong'; text: string };

const INLINE = /(`[^`\n]+`|\*\*[^*\n]+\*\*)/;

/**
 * The little markdown a changelog line uses: `code` and **strong**. Everything else, HTML and
 * links included, stays text (React escapes it), so a note can never inject markup.
 */
export function parseInline(line: string): InlinePart[] {
  return line
    .split(INLINE)
    .filter((piece) => piece !== '')
    .map((piece): InlinePart => {
      if (piece.length > 2 && piece.startsWith('`') && piece.endsWith('`'))
        return { kind: 'code', text: piece.slice(1, -1) };
      if (piece.length > 4 && piece.startsWith('**') && piece.endsWith('**'))
        return { kind: 'strong', text: piece.slice(2, -2) };
      return { kind: 'text', text: piece };
    });
}
