import { theme } from 'antd';
import type { AnchorHTMLAttributes, CSSProperties, HTMLAttributes, ReactNode } from 'react';

/*
 * Headings, secondary text and links in the theme's fonts and colours, for the screens of a
 * first load (login, page failure, the console frame and dashboards). antd's Typography brings
 * its copy, edit and ellipsis machinery (with TextArea) — about 8 KB gzip these never use.
 */

const HEADING_TAGS = { 3: 'h3', 4: 'h4' } as const;

export function Heading({
  level,
  children,
  style,
}: {
  level: 3 | 4;
  children: ReactNode;
  style?: CSSProperties;
}) {
  const { token } = theme.useToken();
  const Tag = HEADING_TAGS[level];
  return (
    <Tag
      style={{
        margin: '0 0 0.5em',
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: level === 3 ? token.fontSizeHeading3 : token.fontSizeHeading4,
        lineHeight: level === 3 ? token.lineHeightHeading3 : token.lineHeightHeading4,
        ...style,
      }}
    >
      {children}
    </Tag>
  );
}

type MutedProps = HTMLAttributes<HTMLElement> & { block?: boolean; 'data-testid'?: string };

/** Secondary text: a span, or a paragraph with `block`. */
export function MutedText({ block, style, ...rest }: MutedProps) {
  const { token } = theme.useToken();
  const Tag = block ? 'p' : 'span';
  return (
    <Tag
      style={{ color: token.colorTextSecondary, margin: block ? '0 0 1em' : undefined, ...style }}
      {...rest}
    />
  );
}

/** A link in the theme's link colour (antd's Typography.Link without its machinery). */
export function TextLink({ style, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  const { token } = theme.useToken();
  return <a style={{ color: token.colorLink, ...style }} {...rest} />;
}
