import type { CSSProperties } from 'react';
import { Typography } from '@backoffice/ui-kit/antd';

/**
 * A long text in a table cell, cut to one line with an ellipsis; the whole of it shows on hover
 * (and is what a screen reader reads). Keeps rows one line tall, so the last columns stay on screen.
 */
export function OneLine({
  text,
  title = text,
  maxWidth = 240,
  type,
}: {
  text: string;
  /** What hovering shows, when it differs from the text (the text without its label). */
  title?: string;
  maxWidth?: number | string;
  type?: 'secondary';
}) {
  const style: CSSProperties = {
    display: 'block',
    maxWidth,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  };
  return (
    <Typography.Text type={type} title={title} style={style}>
      {text}
    </Typography.Text>
  );
}
