import { Spin } from 'antd';

/** A centred spinner while a page or the session loads. */
export function PageLoading({ fullscreen = false }: { fullscreen?: boolean }) {
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: fullscreen ? '100vh' : 240,
        width: '100%',
      }}
    >
      <Spin size="large" />
    </div>
  );
}
