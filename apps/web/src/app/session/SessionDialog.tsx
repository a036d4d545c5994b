import { Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** changed: another tab logged in; loggedOutElsewhere: another tab logged out; expired: a 401. */
export type SessionNotice = 'changed' | 'loggedOutElsewhere' | 'expired';

const TEXT: Record<SessionNotice, { title: string; content: string; ok: string }> = {
  changed: { title: 'session.changedTitle', content: 'session.changedContent', ok: 'session.reload' },
  loggedOutElsewhere: {
    title: 'session.expiredTitle',
    content: 'session.loggedOutElsewhere',
    ok: 'session.reload',
  },
  expired: { title: 'session.expiredTitle', content: 'common.unauthorized', ok: 'session.relogin' },
};

/** The blocking session dialog: no close button, no mask click, no Esc — only its one action. */
export function SessionDialog({ notice, onOk }: { notice: SessionNotice; onOk: () => void }) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const latestOk = useRef(onOk);
  latestOk.current = onOk;

  useEffect(() => {
    const text = TEXT[notice];
    const dialog = modal.warning({
      title: t(text.title),
      content: t(text.content),
      okText: t(text.ok),
      closable: false,
      mask: { closable: false },
      keyboard: false,
      onOk: () => latestOk.current(),
    });
    return () => dialog.destroy();
  }, [modal, notice, t]);

  return holder;
}
