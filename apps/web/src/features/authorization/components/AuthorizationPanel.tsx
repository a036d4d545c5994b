import { Flex, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InstallationCard } from '@/features/authorization/components/InstallationCard';
import { ProbeCommandsCard } from '@/features/authorization/components/ProbeCommandsCard';
import { ProbeKeyCard } from '@/features/authorization/components/ProbeKeyCard';
import {
  useAuthorizationInfo,
  useProbeKey,
  useRotateProbeKey,
} from '@/features/authorization/hooks/useAuthorization';
import { useFeedback } from '@/shared/feedback/feedback-context';
import { LoadFailed } from '@/shared/ui/LoadFailed';

/**
 * The DNS admin's authorization info (spec §1, §2): the installation, the platform key for
 * external probes and its rotation, and the probes' commands. Rotating stops the old key at
 * once, so it is confirmed; failures are toasted by the global handler.
 */
export function AuthorizationPanel() {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const info = useAuthorizationInfo();
  const key = useProbeKey();
  const rotate = useRotateProbeKey();
  const [revealed, setRevealed] = useState(false);

  async function confirmRotate() {
    const ok = await modal.confirm({
      title: t('authorization.rotate.title'),
      content: t('authorization.rotate.content'),
      okText: t('authorization.rotate.ok'),
      cancelText: t('confirm.cancel'),
      okButtonProps: { danger: true },
    });
    if (!ok) {
      void message.info(t('confirm.canceled'));
      return;
    }
    try {
      await rotate.mutateAsync();
      void message.success(t('authorization.rotate.done'));
    } catch {
      // the global handler has shown why
    }
  }

  if (!info.data || !key.data) {
    return info.isError || key.isError ? (
      <LoadFailed
        title={t('authorization.loadFailed')}
        retryLabel={t('authorization.retry')}
        onRetry={() => void Promise.all([info.refetch(), key.refetch()])}
      />
    ) : (
      <Skeleton active paragraph={{ rows: 6 }} />
    );
  }
  return (
    <Flex vertical gap={16}>
      <InstallationCard info={info.data} />
      <ProbeKeyCard
        probeKey={key.data.token}
        revealed={revealed}
        onToggleReveal={() => setRevealed((shown) => !shown)}
        onRotate={() => void confirmRotate()}
        rotating={rotate.isPending}
      />
      <ProbeCommandsCard
        importUrl={key.data.importUrl}
        reportUrl={info.data.reportUrl}
        probeKey={key.data.token}
        revealed={revealed}
      />
    </Flex>
  );
}
