import type { UpdateLogEntry } from '@nimbus/contract';
import { Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReleaseNoteText } from '@/features/whats-new/components/ReleaseNoteText';
import { Heading, MutedText } from '@/shared/ui/PlainText';

/** Releases newest first: version and date as a heading, then one bullet per change. */
export function ReleaseList({ releases }: { releases: UpdateLogEntry[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {releases.map((release, index) => (
        <li
          key={release.version}
          data-testid="release"
          style={{
            paddingBlock: 16,
            borderTop: index === 0 ? undefined : `1px solid ${token.colorSplit}`,
          }}
        >
          <Heading level={4} style={{ marginBottom: 4, display: 'flex', alignItems: 'center', gap: 8 }}>
            {t('whatsNew.version', { version: release.version })}
            {index === 0 && (
              <Tag color="blue" variant="filled" style={{ marginInlineEnd: 0 }}>
                {t('whatsNew.latest')}
              </Tag>
            )}
          </Heading>
          <MutedText block style={{ marginBottom: 8 }}>
            <time dateTime={release.date}>{t('whatsNew.released', { date: release.date })}</time>
          </MutedText>
          <ul style={{ margin: 0, paddingInlineStart: 20, lineHeight: 1.7 }}>
            {release.items.map((item, i) => (
              <li key={i} style={{ marginBottom: 4, wordBreak: 'break-word' }}>
                <ReleaseNoteText text={item} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
