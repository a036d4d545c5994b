import { Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback/feedback-context';

interface SwitchWithConfirmProps {
  label: string;
  checked: boolean;
  disabled?: boolean;
  /** The question when turning off (spec §4: "closes the … function, continue?"). */
  offQuestion: string;
  onChange: (on: boolean) => Promise<unknown>;
}

/**
 * Spec §4: turning the switch off asks first, and declining leaves it on. The switch shows the
 * wanted state while the change is sent, and the saved one again if the server refuses.
 */
export function SwitchWithConfirm({
  label,
  checked,
  disabled,
  offQuestion,
  onChange,
}: SwitchWithConfirmProps) {
  const { t } = useTranslation();
  const { modal } = useFeedback();
  const [pending, setPending] = useState<boolean>();

  const change = async (on: boolean) => {
    if (!on) {
      const confirmed = await modal.confirm({
        title: t('recursiveDns.confirm.title'),
        content: offQuestion,
        okText: t('recursiveDns.confirm.ok'),
        cancelText: t('recursiveDns.confirm.cancel'),
      });
      if (!confirmed) return;
    }
    setPending(on);
    try {
      await onChange(on);
    } catch {
      // Toasted by the global handler; the switch goes back to what the server holds.
    } finally {
      setPending(undefined);
    }
  };

  return (
    <Switch
      aria-label={label}
      checked={pending ?? checked}
      loading={pending !== undefined}
      disabled={disabled}
      checkedChildren={t('recursiveDns.switch.on')}
      unCheckedChildren={t('recursiveDns.switch.off')}
      onChange={(on) => void change(on)}
    />
  );
}
