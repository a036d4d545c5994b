import { WAF_PRESET_NAMES, type WafPreset, type WafRule } from '@nimbus/contract';
import { Button, Flex, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnableWafPreset } from '@/features/site-waf/hooks/useWaf';
import { useFeedback } from '@/shared/feedback/feedback-context';

/** The ready-made rule sets: what each refuses, and whether the site has its rules already. */
export function WafPresets({ siteId, rules }: { siteId: number; rules: readonly WafRule[] }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { token } = theme.useToken();
  const enable = useEnableWafPreset(siteId);

  const onEnable = (preset: WafPreset) =>
    enable.mutate(preset, {
      onSuccess: () =>
        void message.success(t('siteWaf.presets.added', { name: t(`siteWaf.presets.name.${preset}`) })),
    });

  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t('siteWaf.presets.help')}</Typography.Text>
      <Flex vertical gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {WAF_PRESET_NAMES.map((preset, index) => {
          const name = t(`siteWaf.presets.name.${preset}`);
          const present = rules.filter((r) => r.preset === preset).length;
          return (
            <Flex
              key={preset}
              component="li"
              gap={16}
              align="center"
              justify="space-between"
              style={{
                padding: '10px 0',
                borderTop: index === 0 ? undefined : `1px solid ${token.colorSplit}`,
              }}
            >
              <Flex vertical gap={2}>
                <Typography.Text strong>{name}</Typography.Text>
                <Typography.Text type="secondary">
                  {t(`siteWaf.presets.description.${preset}`)}
                </Typography.Text>
              </Flex>
              {present > 0 ? (
                <Tag color="green">{t('siteWaf.presets.enabled', { count: present })}</Tag>
              ) : (
                <Button
                  // The name holds the visible word whole (axe): no space put between two Chinese characters.
                  autoInsertSpace={false}
                  aria-label={t('siteWaf.presets.enableOf', { name })}
                  loading={enable.isPending && enable.variables === preset}
                  disabled={enable.isPending}
                  onClick={() => onEnable(preset)}
                >
                  {t('siteWaf.presets.enable')}
                </Button>
              )}
            </Flex>
          );
        })}
      </Flex>
    </Flex>
  );
}
