/** Success lines (contract catalogue keys) other account pages hand to the login page in router state. */
export const LOGIN_NOTICES = ['account.registered', 'account.passwordReset'] as const;
export type LoginNotice = (typeof LOGIN_NOTICES)[number];

export function loginNoticeOf(state: unknown): LoginNotice | undefined {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return LOGIN_NOTICES.find((key) => key === notice);
}
