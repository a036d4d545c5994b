import { message, Modal } from 'antd';
import { useEffect } from 'react';
import type { Feedback } from './feedback-context';

/** antd's dialog instance is a thenable (true: confirmed); a plain promise of it. */
const settled = (dialog: { then: (resolve: (confirmed: boolean) => void, reject: () => void) => unknown }) =>
  new Promise<boolean>((resolve) => dialog.then(resolve, () => resolve(false)));

/** Lends antd's message and modal (inside the app's theme and locale) to the FeedbackProvider. */
export function FeedbackHost({ onReady }: { onReady: (feedback: Feedback) => void }) {
  const [toasts, toastHolder] = message.useMessage();
  const [dialogs, dialogHolder] = Modal.useModal();
  useEffect(() => {
    onReady({
      message: {
        success: (content) => void toasts.success(content),
        info: (content) => void toasts.info(content),
        warning: (content) => void toasts.warning(content),
        error: (content) => void toasts.error(content),
        loading: (content) => void toasts.loading(content),
      },
      modal: {
        confirm: (props) => settled(dialogs.confirm(props)),
        success: (props) => settled(dialogs.success(props)),
        warning: (props) => settled(dialogs.warning(props)),
      },
    });
  }, [toasts, dialogs, onReady]);
  return (
    <>
      {toastHolder}
      {dialogHolder}
    </>
  );
}
