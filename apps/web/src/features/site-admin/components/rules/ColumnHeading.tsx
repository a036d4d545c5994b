import { QuestionCircleOutlined } from '@ant-design/icons';
import { Tooltip, Typography } from 'antd';
import type { CSSProperties } from 'react';

/** A rule table's column title with its help behind a question mark. */
export function ColumnHeading({ text, help, style }: { text: string; help: string; style?: CSSProperties }) {
  return (
    <Typography.Text type="secondary" style={style}>
      {text}{' '}
      <Tooltip title={help}>
        <QuestionCircleOutlined aria-label={help} />
      </Tooltip>
    </Typography.Text>
  );
}
