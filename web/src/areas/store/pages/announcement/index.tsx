import { useState } from 'react';
import { Card, Pagination } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { getAnnouncements } from '@/api/content';
import { unwrap } from '@/app/http/unwrap';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { PageFrame } from '@/components/page-frame';
import { LoadFailed } from '@/components/load-failed';
import { AnnouncementList } from '@/components/announcement-list';
import { contentKeys } from '@/api/keys';

const PAGE_SIZE = 20;

/** 站点公告：全部已发布的公告，置顶在前。 */
export default function AnnouncementPage() {
  const meta = useRouteMeta();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: contentKeys.announcements(page, PAGE_SIZE),
    queryFn: () => unwrap(getAnnouncements({ page, pageSize: PAGE_SIZE }), { toast: false }),
  });
  return (
    <PageFrame title="站点公告" description={meta?.description}>
      <Card>
        {list.isError ? (
          <LoadFailed title="公告加载失败" onRetry={() => void list.refetch()} />
        ) : (
          <>
            <AnnouncementList items={list.data?.list ?? []} loading={list.isLoading} />
            {(list.data?.total ?? 0) > PAGE_SIZE && (
              <div style={{ textAlign: 'right', marginTop: 16 }}>
                <Pagination
                  current={page}
                  total={list.data?.total ?? 0}
                  pageSize={PAGE_SIZE}
                  onChange={setPage}
                  showSizeChanger={false}
                />
              </div>
            )}
          </>
        )}
      </Card>
    </PageFrame>
  );
}
