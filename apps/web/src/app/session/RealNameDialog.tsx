import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** The real-name dialog of RealNameGate (its own chunk: antd's Modal loads only when it opens). */
export function RealNameDialog({
  open,
  canVerify,
  onVerify,
  onCancel,
}: {
  open: boolean;
  canVerify: boolean;
  onVerify: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('gate.realNameTitle')}
      okText={t('gate.goVerify')}
      cancelText={t('confirm.cancel')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      okButtonProps={{ disabled: !canVerify }}
      onOk={onVerify}
      onCancel={onCancel}
    >
      {t(canVerify ? 'gate.realNameContent' : 'gate.realNameUnavailable')}
    </Modal>
  );
}
