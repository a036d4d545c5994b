import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { FieldProblem } from '@/features/recursive-dns/lib/recursive-form';

/** A form rule from a check of lib/recursive-form: its problem, in the user's language. */
export function useProblemRule() {
  const { t } = useTranslation();
  return (problemOf: (value: string | undefined) => FieldProblem): Rule => ({
    validator: async (_, value: string | undefined) => {
      const problem = problemOf(value);
      if (problem) throw new Error(t(problem.key, problem.values));
    },
  });
}
