import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SPECIAL_PRICE_MAX_BP, type SiteCustomerRow } from '@kapu/contract';
import { getSiteCustomers, setSiteCustomerDisabled, setSiteCustomerPrice } from '@/api/site-office';
import { siteOfficeKeys } from '@/api/keys';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';

/** "付加价的 50%": basis points of my markup shown as a percentage. */
function specialPriceText(keepBp: number | null): string {
  if (keepBp === null) return '';
  if (keepBp === 0) return '成本价';
  return `付加价的 ${keepBp / 100}%`;
}

/** 分站会员：在本站注册的客户，他们在本站的订单与消费；设置专属价，停用或启用购买。 */
export default function SiteCustomerPage() {
  const meta = useRouteMeta();
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [keyword, setKeyword] = useState<string>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [pricing, setPricing] = useState<SiteCustomerRow | null>(null);
  const [form] = Form.useForm<{ percent: number | null }>();
  const customers = useQuery({
    queryKey: siteOfficeKeys.customerList(keyword, page, pageSize),
    queryFn: () => unwrap(getSiteCustomers({ keyword, page, pageSize })),
    placeholderData: keepPreviousData,
  });
  const price = useAction({
    call: setSiteCustomerPrice,
    success: (r) => (r.keepBp === null ? '已取消专属价' : '专属价已保存'),
    invalidates: [siteOfficeKeys.customers],
    onSuccess: () => setPricing(null),
  });
  const toggle = useAction({
    call: setSiteCustomerDisabled,
    success: (r) => (r.disabled ? '已停用该客户在本站购买' : '已恢复该客户在本站购买'),
    invalidates: [siteOfficeKeys.customers],
  });

  const openPricing = (c: SiteCustomerRow) => {
    form.setFieldsValue({ percent: c.keepBp === null ? null : c.keepBp / 100 });
    setPricing(c);
  };
  const savePricing = async () => {
    const { percent } = await form.validateFields();
    if (!pricing) return;
    price.run({
      userId: pricing.userId,
      keepBp: percent === null || percent === undefined ? null : Math.round(percent * 100),
    });
  };

  return (
    <PageFrame title="分站会员" description={meta?.description}>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder="登录名或会员编号"
            style={{ width: 260 }}
            enterButton="搜索"
            onSearch={(v) => {
              setKeyword(v.trim() || undefined);
              setPage(1);
            }}
          />
        </Space>
        <Table<SiteCustomerRow>
          rowKey="userId"
          loading={customers.isFetching}
          dataSource={customers.data?.list ?? []}
          scroll={isMobile ? undefined : { x: 'max-content' }}
          size={isMobile ? 'small' : 'middle'}
          pagination={{
            current: page,
            pageSize,
            total: customers.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (t) => `共 ${t} 位客户`,
            onChange: (p, s) => {
              setPage(p);
              setPageSize(s);
            },
          }}
          columns={[
            { title: '会员编号', dataIndex: 'userNo' },
            {
              title: '登录名',
              dataIndex: 'loginName',
              render: (v: string, c) => (
                <span>
                  {v}
                  {c.nickname && <Typography.Text type="secondary">（{c.nickname}）</Typography.Text>}
                </span>
              ),
            },
            { title: '注册时间', dataIndex: 'joinedAt' },
            {
              title: '本站订单',
              dataIndex: 'orders',
              align: 'right',
              render: (v: number, c) =>
                v > 0 ? (
                  <Link to={`/vip/vipOrder?userId=${c.userId}&buyer=${encodeURIComponent(c.loginName)}`}>{v}</Link>
                ) : (
                  0
                ),
            },
            { title: '消费金额', dataIndex: 'spend', align: 'right', render: (v: number) => formatYuan(v) },
            {
              title: '专属价',
              dataIndex: 'keepBp',
              render: (v: number | null) => (v === null ? '—' : <Tag color="gold">{specialPriceText(v)}</Tag>),
            },
            {
              title: '状态',
              dataIndex: 'disabled',
              render: (v: boolean) => (v ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>),
            },
            {
              title: '操作',
              key: 'op',
              fixed: isMobile ? undefined : 'right',
              render: (_: unknown, c) => (
                <Space size={4}>
                  <Button type="link" size="small" onClick={() => openPricing(c)}>
                    专属价
                  </Button>
                  <Popconfirm
                    title={c.disabled ? '恢复该客户在本站购买？' : '停用后该客户不能在本站下单，确定停用吗？'}
                    onConfirm={() => toggle.confirm({ userId: c.userId, disabled: !c.disabled })}
                  >
                    <Button type="link" size="small" danger={!c.disabled}>
                      {c.disabled ? '启用' : '停用'}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={!!pricing}
        title={`专属价：${pricing?.loginName ?? ''}`}
        onCancel={() => setPricing(null)}
        onOk={() => void savePricing()}
        confirmLoading={price.isPending}
        okText="保存"
        forceRender
      >
        <Typography.Paragraph type="secondary">
          该客户只需支付你加价部分的一定比例：0% 即按你的成本价出售，100% 与普通顾客相同。留空表示取消专属价。
        </Typography.Paragraph>
        <Form form={form} layout="vertical">
          <Form.Item
            label="支付加价的比例"
            name="percent"
            rules={[{ type: 'number', min: 0, max: SPECIAL_PRICE_MAX_BP / 100, message: '请输入 0 到 100 之间的数' }]}
          >
            <InputNumber
              min={0}
              max={SPECIAL_PRICE_MAX_BP / 100}
              step={1}
              precision={2}
              suffix="%"
              style={{ width: 200 }}
              placeholder="留空为取消"
            />
          </Form.Item>
        </Form>
      </Modal>
    </PageFrame>
  );
}
