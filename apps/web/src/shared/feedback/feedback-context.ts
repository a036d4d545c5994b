import type { ModalFuncProps } from 'antd';
import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';

type Say = (content: ReactNode) => void;

/** Toasts of the console's screens (antd's message, lent by the feedback host). */
export interface Toasts {
  success: Say;
  info: Say;
  warning: Say;
  error: Say;
  loading: Say;
}

type Ask = (props: ModalFuncProps) => Promise<boolean>;

/**
 * The console's confirmation and notice dialogs (antd's modal, lent by the feedback host); each
 * resolves true when confirmed, false when cancelled.
 */
export interface Dialogs {
  confirm: Ask;
  success: Ask;
  warning: Ask;
}

export interface Feedback {
  message: Toasts;
  modal: Dialogs;
}

export const FeedbackContext = createContext<Feedback | null>(null);

/** Toasts and dialogs that follow the theme and language, as antd's `App.useApp()` gave them. */
export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback outside FeedbackProvider');
  return feedback;
}
