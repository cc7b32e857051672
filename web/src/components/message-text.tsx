import { Typography } from 'antd';
import type { MessageView } from '@kapu/contract';

/** A message's text and time, as the bell and the message list show it (compact: the bell's two lines). */
export function MessageText({ message, compact = false }: { message: MessageView; compact?: boolean }) {
  return (
    <>
      <Typography.Paragraph
        type={compact ? 'secondary' : undefined}
        ellipsis={compact ? { rows: 2 } : false}
        style={{
          marginBottom: compact ? 0 : 4,
          fontSize: compact ? 12 : undefined,
          color: compact ? undefined : message.read ? '#8c8c8c' : '#262626',
        }}
      >
        {message.body}
      </Typography.Paragraph>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {message.createdAt}
      </Typography.Text>
    </>
  );
}
