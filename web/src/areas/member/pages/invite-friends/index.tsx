import { useState } from 'react';
import { Button, Card, Col, Empty, Image, Input, Row, Segmented, Space, Statistic, Table, Tag, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined, PictureOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PromotionLevelLabels,
  type PromotionCustomerRow,
  type PromotionLevel,
  type PromotionPoster,
} from '@kapu/contract';
import {
  getPromotionCustomerList,
  getPromotionCustomerStatus,
  getPromotionLink,
  getPromotionPoster,
} from '@/api/promotion';
import { promotionKeys } from '@/api/keys';
import { copyText } from '@/app/clipboard';
import { downloadUrl } from '@/app/csv';
import { feedback } from '@/app/feedback';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';

function InviteLinkCard() {
  const link = useQuery({ queryKey: promotionKeys.link, queryFn: () => unwrap(getPromotionLink()) });
  const [poster, setPoster] = useState<PromotionPoster | null>(null);
  const makePoster = useAction({ call: getPromotionPoster, onSuccess: (p) => setPoster(p) });
  const copy = async (text: string, what: string) => {
    if (await copyText(text)) feedback().message.success(`${what}已复制`);
    else feedback().message.error('复制失败，请手动选择后复制');
  };
  const data = link.data;
  return (
    <Card title="我的邀请链接" loading={link.isLoading}>
      {data && (
        <Row gutter={[24, 16]}>
          <Col xs={24} md={14}>
            <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
              <div>
                <Typography.Text type="secondary">邀请码</Typography.Text>
                <div>
                  <Typography.Text strong style={{ fontSize: 24, letterSpacing: 2 }} data-testid="invite-code">
                    {data.inviteCode}
                  </Typography.Text>
                  <Button type="link" icon={<CopyOutlined />} onClick={() => void copy(data.inviteCode, '邀请码')}>
                    复制
                  </Button>
                </div>
              </div>
              <div>
                <Typography.Text type="secondary">邀请链接（好友通过它注册即成为你邀请的会员）</Typography.Text>
                <Space.Compact style={{ width: '100%', marginTop: 4 }}>
                  <Input readOnly value={data.link} aria-label="邀请链接" />
                  <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy(data.link, '邀请链接')}>
                    复制链接
                  </Button>
                </Space.Compact>
              </div>
              <Space wrap>
                <Button icon={<PictureOutlined />} loading={makePoster.isPending} onClick={() => makePoster.run()}>
                  {poster ? '重新生成海报' : '生成推广海报'}
                </Button>
                {poster && (
                  <Button
                    type="primary"
                    icon={<DownloadOutlined />}
                    onClick={() => downloadUrl(poster.fileName, poster.dataUrl)}
                  >
                    下载海报
                  </Button>
                )}
              </Space>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                好友在你的链接注册后购买商品、订单发货，你即可获得佣金（最多三级：你邀请的好友、好友邀请的人、再下一级）。佣金冻结期满后可在「推广收益」领取到余额。
              </Typography.Paragraph>
            </Space>
          </Col>
          <Col xs={24} md={10} style={{ textAlign: 'center' }}>
            {poster ? (
              <Image src={poster.dataUrl} alt="推广海报" width={220} data-testid="poster-image" />
            ) : (
              <Space orientation="vertical" size={4}>
                <img src={data.qrCode} alt="邀请二维码" width={180} height={180} />
                <Typography.Text type="secondary">扫码注册</Typography.Text>
              </Space>
            )}
          </Col>
        </Row>
      )}
    </Card>
  );
}

function InviteeStats() {
  const status = useQuery({
    queryKey: promotionKeys.customerStatus,
    queryFn: () => unwrap(getPromotionCustomerStatus()),
  });
  const s = status.data;
  const items = [
    { title: '一级（我邀请的）', value: s?.level1 },
    { title: '二级', value: s?.level2 },
    { title: '三级', value: s?.level3 },
    { title: '已消费的好友', value: s?.bought },
    { title: '今日新邀请', value: s?.today },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      {items.map((i) => (
        <Col key={i.title} xs={12} sm={8} md={8} lg={4} flex="auto">
          <Card size="small" loading={status.isLoading}>
            <Statistic title={i.title} value={i.value ?? 0} suffix="人" />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function InviteeList() {
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [level, setLevel] = useState<PromotionLevel>(1);
  const [keyword, setKeyword] = useState<string>();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: promotionKeys.customers(level, keyword, page),
    queryFn: () => unwrap(getPromotionCustomerList({ level, keyword, page, pageSize: 20 })),
    placeholderData: keepPreviousData,
  });
  return (
    <Card title="我邀请的会员" style={{ marginTop: 16 }}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<PromotionLevel>
          value={level}
          onChange={(v) => {
            setLevel(v);
            setPage(1);
          }}
          options={([1, 2, 3] as const).map((l) => ({ value: l, label: `${PromotionLevelLabels[l]}好友` }))}
        />
        <Input.Search
          allowClear
          placeholder="登录名"
          style={{ width: 200 }}
          enterButton="搜索"
          onSearch={(v) => {
            setKeyword(v.trim() || undefined);
            setPage(1);
          }}
        />
      </Space>
      <Table<PromotionCustomerRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        size={isMobile ? 'small' : 'middle'}
        scroll={isMobile ? { x: 'max-content' } : undefined}
        locale={{
          emptyText: (
            <Empty
              description={
                keyword
                  ? '没有找到这个登录名的会员'
                  : level === 1
                    ? '还没有好友通过你的链接注册，把邀请链接或海报分享出去吧'
                    : `还没有${PromotionLevelLabels[level]}好友：你邀请的好友再邀请别人后会出现在这里`
              }
            />
          ),
        }}
        pagination={{
          current: page,
          pageSize: 20,
          total: list.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 人`,
          onChange: setPage,
        }}
        columns={[
          { title: '会员', dataIndex: 'loginName' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: string, r) => <Tag color={v === 'bought' ? 'green' : 'default'}>{r.statusText}</Tag>,
          },
          { title: '成交订单', dataIndex: 'orders', align: 'right' },
          {
            title: '为我带来的佣金',
            dataIndex: 'commission',
            align: 'right',
            render: (v: number) => <span style={{ color: v > 0 ? '#389e0d' : undefined }}>{formatYuan(v)}</span>,
          },
          { title: '注册时间', dataIndex: 'registeredAt' },
        ]}
      />
    </Card>
  );
}

/** 邀请好友：邀请码、链接、二维码与服务端生成的推广海报（可下载），以及三级好友与他们的状态。 */
export default function InviteFriendsPage() {
  const meta = useRouteMeta();
  return (
    <PageFrame title="邀请好友" description={meta?.description}>
      <InviteLinkCard />
      <InviteeStats />
      <InviteeList />
    </PageFrame>
  );
}
