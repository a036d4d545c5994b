import { fieldLabel, isMessageKey, translate, type Lang } from '@nimbus/contract';
import type { FastifySchemaValidationError } from 'fastify';

/**
 * Turns the first zod issue into one sentence naming the field, in the user's language.
 * Schemas put catalogue keys in their custom messages; zod's built-in issues are mapped here.
 */
export function describeValidationIssue(
  issue: FastifySchemaValidationError,
  lang: Lang,
  scope?: string,
): string {
  const segments = issue.instancePath.split('/').filter((s) => s && !/^\d+$/.test(s));
  const field = fieldLabel(segments.at(-1) ?? '', lang, scope);
  const params = issue.params as {
    input?: unknown;
    minimum?: number | bigint;
    maximum?: number | bigint;
    origin?: string;
    /** Values a custom issue carries for its message, e.g. the offending line of a list. */
    params?: Record<string, string | number>;
  };
  if (issue.message && isMessageKey(issue.message)) {
    // A custom message on a size check can name the bound: {min} / {max}.
    const bounds = {
      ...(params.minimum === undefined ? {} : { min: Number(params.minimum) }),
      ...(params.maximum === undefined ? {} : { max: Number(params.maximum) }),
    };
    const sentence = translate(issue.message, lang, { ...bounds, ...params.params, field });
    // Generic rules ('Domain format error') get the field in front; area messages name it already.
    const generic = issue.message.startsWith('validation.');
    return !generic || !field || sentence.includes(field) ? sentence : `${field}: ${sentence}`;
  }
  const isText = params.origin === 'string';
  switch (issue.keyword) {
    case 'invalid_type':
      return params.input === undefined || params.input === null || params.input === ''
        ? translate('validation.required', lang, { field })
        : translate('validation.invalid', lang, { field });
    case 'too_small':
      return translate(
        isText
          ? Number(params.minimum) === 1
            ? 'validation.required'
            : 'validation.tooShort'
          : 'validation.tooSmall',
        lang,
        {
          field,
          min: Number(params.minimum),
        },
      );
    case 'too_big':
      return translate(isText ? 'validation.tooLong' : 'validation.tooBig', lang, {
        field,
        max: Number(params.maximum),
      });
    default:
      return translate('validation.invalid', lang, { field });
  }
}
