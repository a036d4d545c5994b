import { ReloadOutlined, SafetyOutlined } from '@ant-design/icons';
import { Form, theme, Tooltip } from 'antd';
// Input's own module, not antd's Input (which brings TextArea, Search and OTP along): the
// login page is part of every first load.
import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';
import type { CaptchaHandle } from '@/features/auth/hooks/useCaptcha';
import { formRules } from '@/features/auth/lib/form-rules';

const IMAGE_WIDTH = 120;
const IMAGE_HEIGHT = 40;

interface CaptchaFieldProps {
  captcha: CaptchaHandle;
  /** False where the answer is checked only by a button of its own (sending a code). */
  required?: boolean;
}

/** The captcha answer box (form field `captcha`) with its image; clicking the image asks for a new one. */
export function CaptchaField({ captcha, required = true }: CaptchaFieldProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();

  const frame = {
    width: IMAGE_WIDTH,
    height: IMAGE_HEIGHT,
    flex: 'none',
    border: `1px solid ${token.colorBorder}`,
    borderRadius: token.borderRadius,
    background: '#fff',
    cursor: 'pointer',
    padding: 0,
    overflow: 'hidden',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  } as const;

  return (
    <Form.Item>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item name="captcha" noStyle rules={required ? formRules.required(t, 'captcha') : []}>
          <Input
            size="large"
            prefix={<SafetyOutlined />}
            placeholder={t('auth.common.captchaPlaceholder')}
            aria-label={t('auth.common.captcha')}
            autoComplete="off"
            maxLength={16}
          />
        </Form.Item>
        <Tooltip title={t('auth.common.captchaRefresh')}>
          <button
            type="button"
            style={frame}
            onClick={captcha.refresh}
            aria-label={t('auth.common.captchaRefresh')}
            data-testid="captcha-refresh"
          >
            {captcha.gaveUp ? (
              <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM, lineHeight: 1.2 }}>
                <ReloadOutlined /> {t('auth.common.captchaFailed')}
              </span>
            ) : (
              <img
                key={captcha.uuid}
                src={captcha.src}
                alt={t('auth.common.captcha')}
                width={IMAGE_WIDTH}
                height={IMAGE_HEIGHT}
                onLoad={captcha.onLoad}
                onError={captcha.onError}
                style={{ display: 'block' }}
              />
            )}
          </button>
        </Tooltip>
      </div>
    </Form.Item>
  );
}
