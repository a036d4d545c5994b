import { formatDateTime } from '@/shared/format/date-time';
/**
 * A list's date and time on one line: at 1440 px the table gives wide rule columns the room,
 * and a wrapping or clipped date was unreadable there (issue 18 §4).
 */
export function DateCell({ value }: { value: string }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</span>;
}

/** Wide enough for "2025-03-01 10:00:00" at every table size the user may pick. */
export const DATE_COLUMN_WIDTH = 190;
