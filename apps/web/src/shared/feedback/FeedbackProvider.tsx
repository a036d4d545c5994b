import { Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { lazyNamed } from '@/shared/lazy/lazy-page';
import { FeedbackContext, type Feedback } from './feedback-context';

const FeedbackHost = lazyNamed(() => import('./FeedbackHost'), 'FeedbackHost');

type Call = (feedback: Feedback) => void;
type Ask = Feedback['modal']['confirm'];

/**
 * The console's toasts and dialogs. antd's message and modal code (with the notification code
 * under it) loads with the first toast or dialog, not with the console frame (ADR 0018): what
 * is asked before then waits here and is shown as soon as the host has mounted.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const ready = useRef<Feedback | null>(null);
  const waiting = useRef<Call[]>([]);

  const onReady = useCallback((feedback: Feedback) => {
    ready.current = feedback;
    for (const call of waiting.current.splice(0)) call(feedback);
  }, []);

  const feedback = useMemo<Feedback>(() => {
    const run = (call: Call) => {
      if (ready.current) return call(ready.current);
      waiting.current.push(call);
      setWanted(true);
    };
    const toast = (kind: keyof Feedback['message']) => (content: ReactNode) =>
      run((f) => f.message[kind](content));
    const dialog =
      (kind: keyof Feedback['modal']): Ask =>
      (props) =>
        new Promise((resolve) => run((f) => void f.modal[kind](props).then(resolve)));
    return {
      message: {
        success: toast('success'),
        info: toast('info'),
        warning: toast('warning'),
        error: toast('error'),
        loading: toast('loading'),
      },
      modal: { confirm: dialog('confirm'), success: dialog('success'), warning: dialog('warning') },
    };
  }, []);

  return (
    <FeedbackContext.Provider value={feedback}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <FeedbackHost onReady={onReady} />
        </Suspense>
      )}
    </FeedbackContext.Provider>
  );
}
