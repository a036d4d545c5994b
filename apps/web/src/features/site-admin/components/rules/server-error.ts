import type { Translate } from '@/shared/forms/zod-rules';

/** Whether `msg` is the sentence of `key` whatever the server put for its placeholders. */
function isSentenceOf(msg: string, key: string, t: Translate): boolean {
  const marker = '\u0000';
  const filled = t(key, { field: marker, max: marker, min: marker });
  if (filled === key) return false;
  const parts = filled.split(marker).filter((part) => part.trim() !== '');
  return parts.length > 0 && parts.every((part) => msg.includes(part));
}

/**
 * The section field a server refusal is about. The server names a field with its catalogue label
 * (`field.<name>`, in the request's language) or says a sentence of its own field; neither carries
 * the path, so: a sentence known to belong to one field, else the longest field label the message
 * holds. Undefined when nothing fits (the message then shows above the form).
 */
export function fieldOfServerMessage(
  msg: string,
  fields: readonly string[],
  messageFields: Readonly<Record<string, string>>,
  t: Translate,
): string | undefined {
  for (const [key, field] of Object.entries(messageFields)) {
    if (isSentenceOf(msg, key, t)) return field;
  }
  const lower = msg.toLowerCase();
  let best: { field: string; length: number } | undefined;
  for (const field of fields) {
    const label = t(`field.${field}`);
    if (label === `field.${field}` || !lower.includes(label.toLowerCase())) continue;
    if (!best || label.length > best.length) best = { field, length: label.length };
  }
  return best?.field;
}
