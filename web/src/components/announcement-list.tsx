import { List, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { AnnouncementView } from '@kapu/contract';

/** Announcement titles linking to /viewAnnouncementInfo?id=, pinned ones marked (the server sorts them first). */
export function AnnouncementList({
  items,
  loading,
  compact,
}: {
  items: AnnouncementView[];
  loading?: boolean;
  compact?: boolean;
}) {
  return (
    <List
      loading={loading}
      dataSource={items}
      size={compact ? 'small' : 'default'}
      locale={{ emptyText: '目前没有公告' }}
      renderItem={(item) => (
        <List.Item
          extra={<Typography.Text type="secondary">{item.createdAt.slice(0, compact ? 10 : 16)}</Typography.Text>}
        >
          <span>
            {item.pinned && <Tag color="red">置顶</Tag>}
            <Link to={`/viewAnnouncementInfo?id=${item.id}`}>{item.title}</Link>
          </span>
        </List.Item>
      )}
    />
  );
}
