import { theme } from 'antd';
import './page-loading.css';

/**
 * A centred spinner while a page or the session loads. Drawn in CSS rather than with antd's
 * Spin, since every first load shows it before anything else.
 */
export function PageLoading({ fullscreen = false }: { fullscreen?: boolean }) {
  const { token } = theme.useToken();
  return (
    <div className="nimbus-page-loading" aria-busy="true" style={{ minHeight: fullscreen ? '100vh' : 240 }}>
      <span
        aria-hidden
        className="nimbus-page-loading__ring"
        style={{ borderColor: token.colorPrimaryBg, borderTopColor: token.colorPrimary }}
      />
    </div>
  );
}
