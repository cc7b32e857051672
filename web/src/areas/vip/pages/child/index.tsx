import { useState } from 'react';
import { Card, Input, Space, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SiteChildRow } from '@kapu/contract';
import { getSiteChildren } from '@/api/site-office';
import { siteOfficeKeys } from '@/api/keys';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { SiteStatusTag } from '../../share-status-tag';

/** 下级分站：在本站下开通的分站，它们的销售额，以及它们（连同更下级）为我赚取的利润。 */
export default function SiteChildPage() {
  const meta = useRouteMeta();
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [keyword, setKeyword] = useState<string>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const children = useQuery({
    queryKey: siteOfficeKeys.children(keyword, page, pageSize),
    queryFn: () => unwrap(getSiteChildren({ keyword, page, pageSize })),
    placeholderData: keepPreviousData,
  });
  return (
    <PageFrame title="下级分站" description={meta?.description}>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder="分站名称或访问路径"
            style={{ width: 260 }}
            enterButton="搜索"
            onSearch={(v) => {
              setKeyword(v.trim() || undefined);
              setPage(1);
            }}
          />
          <Typography.Text type="secondary">
            “为我赚取”含下级分站及其更下级分站的订单给你的分成（已发货的部分），以及它们开通、续费、升级版本时付给你的差价。
          </Typography.Text>
        </Space>
        <Table<SiteChildRow>
          rowKey="id"
          loading={children.isFetching}
          dataSource={children.data?.list ?? []}
          scroll={isMobile ? undefined : { x: 'max-content' }}
          size={isMobile ? 'small' : 'middle'}
          pagination={{
            current: page,
            pageSize,
            total: children.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (t) => `共 ${t} 个下级分站`,
            onChange: (p, s) => {
              setPage(p);
              setPageSize(s);
            },
          }}
          columns={[
            {
              title: '分站',
              dataIndex: 'title',
              render: (v: string, c) => (
                <div>
                  <div>{v}</div>
                  {c.path && (
                    <a href={`/${c.path}/`} target="_blank" rel="noreferrer" style={{ fontSize: 12 }}>
                      /{c.path}
                    </a>
                  )}
                </div>
              ),
            },
            { title: '站长', dataIndex: 'owner', render: (v: string) => v || '—' },
            { title: '版本', dataIndex: 'versionName', render: (v: string) => v || '—' },
            {
              title: '状态',
              dataIndex: 'status',
              render: (v: string, c) => <SiteStatusTag status={v} text={c.statusText} />,
            },
            { title: '到期时间', dataIndex: 'expiresAt', render: (v: string) => v || '永久' },
            { title: '订单', dataIndex: 'orders', align: 'right' },
            { title: '销售额', dataIndex: 'sales', align: 'right', render: (v: number) => formatYuan(v) },
            {
              title: '为我赚取',
              dataIndex: 'earned',
              align: 'right',
              render: (v: number) => <span style={{ color: v > 0 ? '#389e0d' : undefined }}>{formatYuan(v)}</span>,
            },
            { title: '下级数', dataIndex: 'childCount', align: 'right' },
            { title: '开通时间', dataIndex: 'createdAt' },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
