import { Typography } from 'antd';

/**
 * Message bodies are plain text from the server: rendered as text (React escapes it), with its
 * line breaks kept. Never parsed as HTML.
 */
export function MessageText({ content, ellipsisRows }: { content: string; ellipsisRows?: number }) {
  return (
    <Typography.Paragraph
      style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', marginBottom: 0 }}
      ellipsis={ellipsisRows ? { rows: ellipsisRows } : false}
    >
      {content}
    </Typography.Paragraph>
  );
}
