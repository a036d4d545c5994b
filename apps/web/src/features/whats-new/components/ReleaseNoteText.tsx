import { theme } from 'antd';
import { parseInline } from '@/features/whats-new/lib/inline-markdown';

/** One change line, its `code` and **strong** marks drawn; never parsed as HTML. */
export function ReleaseNoteText({ text }: { text: string }) {
  const { token } = theme.useToken();
  return (
    <>
      {parseInline(text).map((part, i) =>
        part.kind === 'code' ? (
          <code
            key={i}
            style={{
              fontFamily: token.fontFamilyCode,
              fontSize: '0.9em',
              padding: '0 4px',
              borderRadius: token.borderRadiusSM,
              background: token.colorFillTertiary,
            }}
          >
            {part.text}
          </code>
        ) : part.kind === 'strong' ? (
          <strong key={i}>{part.text}</strong>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
