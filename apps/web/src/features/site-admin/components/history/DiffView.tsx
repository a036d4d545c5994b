import { theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { folded, lineDiff } from '@/features/site-admin/lib/diff-lines';

/** A readable line diff: removed lines red with −, added green with +, long unchanged runs folded. */
export function DiffView({ before, after, label }: { before: string; after: string; label: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const lines = folded(lineDiff(before, after));
  const changed = lines.some((l) => l.kind === 'added' || l.kind === 'removed');
  if (!changed) return <Typography.Text type="secondary">{t('siteAdmin.history.noChange')}</Typography.Text>;
  return (
    <pre
      aria-label={label}
      style={{
        margin: 0,
        maxHeight: 420,
        overflow: 'auto',
        fontSize: 12,
        lineHeight: 1.6,
        background: token.colorFillQuaternary,
        borderRadius: token.borderRadius,
        padding: 8,
      }}
    >
      {lines.map((line, i) => {
        if (line.kind === 'fold')
          return (
            <div key={i} style={{ color: token.colorTextTertiary }}>
              {t('siteAdmin.history.folded', { n: line.count })}
            </div>
          );
        const style =
          line.kind === 'added'
            ? { background: token.colorSuccessBg, color: token.colorSuccessText }
            : line.kind === 'removed'
              ? { background: token.colorErrorBg, color: token.colorErrorText }
              : undefined;
        const mark = line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '- ' : '  ';
        return (
          <div key={i} style={style} data-kind={line.kind}>
            {mark}
            {line.text}
          </div>
        );
      })}
    </pre>
  );
}
