import { Button } from 'antd';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusPanel } from '@/shared/ui/StatusPanel';
import { isChunkLoadError } from './lazy-page';

/**
 * What a page that failed to load or to render shows: a clear sentence and a reload button.
 * Built from parts every page already has (not antd's Result, whose illustrations would weigh
 * on every first load, the login pages' included), and it must render offline too.
 */
export function PageFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  return (
    <StatusPanel
      role="alert"
      status={chunk ? 'warning' : 'error'}
      title={t(chunk ? 'pageError.chunkTitle' : 'pageError.renderTitle')}
      subTitle={t(chunk ? 'pageError.chunkContent' : 'pageError.renderContent')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('pageError.reload')}
        </Button>
      }
    />
  );
}

interface Props {
  /** A new key (the location) gives the next page a fresh start. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  error: unknown;
  key: string;
}

/** Catches a lazy page whose code did not arrive (spec §8/§9: 120 s chunk timeout) or that crashed. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { failed: false, error: null, key: props.resetKey };
  }

  override render() {
    return this.state.failed ? <PageFailure error={this.state.error} /> : this.props.children;
  }
}
