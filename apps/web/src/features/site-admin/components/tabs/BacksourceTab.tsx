import type { SectionTabProps } from '@/features/site-admin/hooks/useSiteSettings';

/** Placeholder until the backsource tab's form lands (issue 18, in progress on its own branch). */
export function BacksourceTab(_props: SectionTabProps<'backsource'>) {
  return null;
}
