import type { SectionTabProps } from '@/features/site-admin/hooks/useSiteSettings';

/** Placeholder until the performance tab's form lands (issue 18, in progress on its own branch). */
export function PerformanceTab(_props: SectionTabProps<'performance'>) {
  return null;
}
