import { Empty, Typography } from 'antd';
import type { ConsultMessageView } from '@kapu/contract';
import './complaint-thread.css';

/** A consultation's messages: the asker's on one side, the staff's on the other. */
export function ConsultMessages({
  messages,
  staffView = false,
}: {
  messages: ConsultMessageView[];
  staffView?: boolean;
}) {
  if (messages.length === 0) return <Empty description="还没有消息" />;
  return (
    <div className="complaint-thread">
      {messages.map((m) => {
        const mine = staffView ? m.role === 'staff' : m.role === 'asker';
        return (
          <div
            key={m.id}
            className={`complaint-msg${m.role === 'staff' ? ' complaint-msg-staff' : ''}${mine ? ' complaint-msg-mine' : ''}`}
          >
            <div className="complaint-msg-head">
              <Typography.Text strong>{m.author}</Typography.Text>
              <Typography.Text type="secondary">{m.createdAt}</Typography.Text>
            </div>
            <div className="complaint-msg-body">{m.body}</div>
          </div>
        );
      })}
    </div>
  );
}
