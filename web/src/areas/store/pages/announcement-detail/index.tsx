import { Button, Card, Divider, Empty, Skeleton, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { getAnnouncement } from '@/api/content';
import { BusinessError } from '@/app/http/envelope';
import { unwrap } from '@/app/http/unwrap';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { PageFrame } from '@/components/page-frame';
import { LoadFailed } from '@/components/load-failed';
import { SanitizedAnnouncementHtml } from '@/components/rich-text';
import { contentKeys } from '@/api/keys';

/** 公告详情（/viewAnnouncementInfo?id=）：标题、时间与服务端净化过的正文。 */
export default function AnnouncementDetailPage() {
  const meta = useRouteMeta();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({
    queryKey: contentKeys.announcement(id),
    enabled: valid,
    retry: false,
    queryFn: () => unwrap(getAnnouncement(id), { toast: false }),
  });
  const missing = !valid || (detail.error instanceof BusinessError && detail.error.code === 1003);
  return (
    <PageFrame
      title="公告详情"
      description={meta?.description}
      extra={<Button onClick={() => navigate('/announcement')}>返回公告列表</Button>}
    >
      <Card>
        {missing ? (
          <Empty description="公告不存在或已被删除" />
        ) : detail.isError ? (
          <LoadFailed title="公告加载失败" onRetry={() => void detail.refetch()} />
        ) : !detail.data ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <article>
            <Typography.Title level={3} style={{ marginTop: 0 }}>
              {detail.data.pinned && <Tag color="red">置顶</Tag>}
              {detail.data.title}
            </Typography.Title>
            <Typography.Text type="secondary">发布于 {detail.data.createdAt}</Typography.Text>
            <Divider />
            <SanitizedAnnouncementHtml html={detail.data.content} />
          </article>
        )}
      </Card>
    </PageFrame>
  );
}
