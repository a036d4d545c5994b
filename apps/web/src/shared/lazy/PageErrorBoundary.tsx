import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading, MutedText } from '@/shared/ui/PlainText';
import { isChunkLoadError } from './lazy-page';

/**
 * What a page that failed to load or to render shows: a clear sentence and a reload button.
 * Built from parts every page already has (not antd's Result, whose illustrations would weigh
 * on every first load, the login pages' included), and it must render offline too.
 */
export function PageFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const chunk = isChunkLoadError(error);
  const Icon = chunk ? WarningFilled : CloseCircleFilled;
  return (
    <Flex vertical align="center" gap={8} role="alert" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <Icon style={{ fontSize: 72, color: chunk ? token.colorWarning : token.colorError }} />
      <Heading level={3} style={{ margin: '16px 0 0' }}>
        {t(chunk ? 'pageError.chunkTitle' : 'pageError.renderTitle')}
      </Heading>
      <MutedText>{t(chunk ? 'pageError.chunkContent' : 'pageError.renderContent')}</MutedText>
      <Button type="primary" style={{ marginTop: 16 }} onClick={() => window.location.reload()}>
        {t('pageError.reload')}
      </Button>
    </Flex>
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
