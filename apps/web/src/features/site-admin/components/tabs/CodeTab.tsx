import type { SectionTabProps } from '@/features/site-admin/hooks/useSiteSettings';

/** Placeholder until the code tab's form lands (issue 18, in progress on its own branch). */
export function CodeTab(_props: SectionTabProps<'code'>) {
  return null;
}
