import {
  ALL_SEGMENTS,
  isForwardZone,
  parseRootIps,
  parseSegmentLines,
  parseUpstreams,
} from '@nimbus/contract';

/** An i18n key of this feature and its values, or nothing when the text is right. */
export type FieldProblem = { key: string; values?: Record<string, string | number> } | undefined;

/** Spec §5 IP segment dialog: start-end lines (and CIDR, IPv6), start ≤ end, no overlap, required. */
export function segmentLinesProblem(text: string | undefined, editing: boolean): FieldProblem {
  const result = parseSegmentLines(text ?? '');
  if (!result.ok) {
    if (result.reason === 'required') return { key: 'recursiveDns.error.segmentsRequired' };
    return { key: `recursiveDns.error.${result.reason}`, values: { value: result.value } };
  }
  if (editing && result.segments.length > 1) return { key: 'recursiveDns.error.editOne' };
  return undefined;
}

export function rootIpsProblem(text: string | undefined): FieldProblem {
  const result = parseRootIps(text ?? '');
  return result.ok ? undefined : { key: 'recursiveDns.error.rootIp', values: { value: result.value } };
}

export function upstreamsProblem(text: string | undefined): FieldProblem {
  const result = parseUpstreams(text ?? '');
  if (!result.ok) return { key: 'recursiveDns.error.upstream', values: { value: result.value } };
  return result.servers.length === 0 ? { key: 'recursiveDns.error.upstreamsRequired' } : undefined;
}

export function zoneProblem(text: string | undefined): FieldProblem {
  const value = (text ?? '').trim().toLowerCase();
  if (!value) return { key: 'recursiveDns.error.zoneRequired' };
  return isForwardZone(value.length > 1 ? value.replace(/\.$/, '') : value)
    ? undefined
    : { key: 'recursiveDns.error.zone' };
}

/** The "all" choice (spec §5): every address, with the remark 'All IP segments'. */
export const ALL_SEGMENTS_TEXT = ALL_SEGMENTS.join('\n');
