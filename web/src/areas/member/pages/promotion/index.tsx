import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  COMMISSION_VIEW_STATUSES,
  CommissionStatusLabels,
  type CommissionViewStatus,
  type PromotionCollectRow,
  type PromotionDetailRow,
} from '@kapu/contract';
import {
  doPromotionCollect,
  getAllPromotionDetails,
  getAllPromotionTotal,
  getPromotionCollect,
  getPromotionCollects,
  getSitePromotionRates,
  saveSitePromotionRates,
  type PromotionRatesForm,
} from '@/api/promotion';
import { accountKeys, fundsKeys, promotionKeys } from '@/api/keys';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { useUserStore } from '@/app/stores/user-store';
import { fenToYuanText, YUAN_TEXT } from '@/app/yuan';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';

const STATUS_COLORS: Record<CommissionViewStatus, string> = {
  frozen: 'blue',
  collectable: 'green',
  collected: 'default',
  reversed: 'orange',
  blocked: 'red',
};
const percent = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

function CollectCard() {
  const summary = useQuery({ queryKey: promotionKeys.collect, queryFn: () => unwrap(getPromotionCollect()) });
  const [form] = Form.useForm<{ amount?: string }>();
  const collect = useAction({
    call: (amount: string | undefined) => doPromotionCollect(amount),
    success: (r) => `已领取 ${formatYuan(r.amount)} 到余额`,
    invalidates: [promotionKeys.money, accountKeys.account, fundsKeys.ledger],
    onSuccess: () => form.resetFields(),
  });
  const s = summary.data;
  return (
    <Card title="我的佣金" loading={summary.isLoading}>
      {s && (
        <>
          {!s.enabled && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              message="推广佣金已暂停发放，已获得的佣金仍可照常领取。"
            />
          )}
          <Row gutter={[16, 16]}>
            <Col xs={12} md={6}>
              <Statistic title="可领取" value={formatYuan(s.collectable)} valueStyle={{ color: '#389e0d' }} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={`冻结中（${s.freezeDays} 天）`} value={formatYuan(s.frozen)} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="已领取" value={formatYuan(s.collected)} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="退款退回" value={formatYuan(s.reversed)} />
            </Col>
          </Row>
          <Form
            form={form}
            layout="inline"
            style={{ marginTop: 16, rowGap: 8 }}
            onFinish={(v) => collect.run(v.amount?.trim() || undefined)}
          >
            <Form.Item name="amount" rules={[{ pattern: YUAN_TEXT, message: '请输入金额，最多两位小数' }]}>
              <Input
                prefix="¥"
                placeholder={fenToYuanText(s.collectable)}
                style={{ width: 180 }}
                aria-label="领取金额"
              />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" loading={collect.isPending} disabled={s.collectable <= 0}>
                领取到余额
              </Button>
            </Form.Item>
          </Form>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            最多可领取 {formatYuan(s.collectable)}；留空则全部领取。
          </Typography.Paragraph>
          {s.collectable <= 0 && s.frozen > 0 && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 4, marginBottom: 0 }}>
              佣金在订单发货后冻结 {s.freezeDays} 天（期间订单退款会按比例退回佣金），期满后即可领取。
            </Typography.Paragraph>
          )}
        </>
      )}
    </Card>
  );
}

function TotalsCard() {
  const totals = useQuery({ queryKey: promotionKeys.totals, queryFn: () => unwrap(getAllPromotionTotal()) });
  const t = totals.data;
  return (
    <Card title="佣金汇总" style={{ marginTop: 16 }} loading={totals.isLoading}>
      {t && (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={12} md={6}>
              <Statistic title="累计佣金" value={formatYuan(t.total)} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="今日" value={formatYuan(t.today)} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="本月" value={formatYuan(t.month)} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="带来订单" value={t.orders} suffix="笔" />
            </Col>
          </Row>
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            {t.byLevel.map((l) => (
              <Col xs={8} md={6} key={l.level}>
                <Statistic title={`${l.levelText} · ${l.count} 笔`} value={formatYuan(l.amount)} />
              </Col>
            ))}
          </Row>
        </>
      )}
    </Card>
  );
}

function DetailsTable() {
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [status, setStatus] = useState<CommissionViewStatus>();
  const [page, setPage] = useState(1);
  const query = { status, page, pageSize: 20 };
  const list = useQuery({
    queryKey: promotionKeys.details(query),
    queryFn: () => unwrap(getAllPromotionDetails(query)),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Select
        allowClear
        placeholder="全部状态"
        style={{ width: 160, marginBottom: 16 }}
        value={status}
        onChange={(v?: CommissionViewStatus) => {
          setStatus(v);
          setPage(1);
        }}
        options={COMMISSION_VIEW_STATUSES.map((s) => ({ value: s, label: CommissionStatusLabels[s] }))}
        aria-label="佣金状态"
      />
      <Table<PromotionDetailRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        size={isMobile ? 'small' : 'middle'}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty
              description={
                status
                  ? `没有${CommissionStatusLabels[status]}的佣金`
                  : '还没有佣金：好友通过你的链接注册并购买、订单发货后，这里会出现佣金'
              }
            />
          ),
        }}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 170 },
          { title: '订单号', dataIndex: 'orderNo' },
          { title: '下单会员', dataIndex: 'buyer' },
          { title: '层级', dataIndex: 'levelText' },
          {
            title: '来源',
            dataIndex: 'sourceText',
            render: (v: string, r) => (r.source === 'site' ? <Tag color="purple">{v}</Tag> : v),
          },
          { title: '订单金额', dataIndex: 'base', align: 'right', render: (v: number) => formatYuan(v) },
          { title: '比例', dataIndex: 'rateBp', align: 'right', render: (v: number) => percent(v) },
          { title: '佣金', dataIndex: 'amount', align: 'right', render: (v: number) => formatYuan(v) },
          {
            title: '已退回',
            dataIndex: 'reversed',
            align: 'right',
            render: (v: number) => (v > 0 ? formatYuan(v) : '—'),
          },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: CommissionViewStatus, r) => (
              <Space orientation="vertical" size={0}>
                <Tag color={STATUS_COLORS[v]}>{r.statusText}</Tag>
                {r.blockReason && <Typography.Text type="secondary">{r.blockReason}</Typography.Text>}
                {v === 'frozen' && <Typography.Text type="secondary">{r.availableAt} 可领取</Typography.Text>}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}

function CollectsTable() {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: promotionKeys.collects(page),
    queryFn: () => unwrap(getPromotionCollects({ page, pageSize: 20 })),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<PromotionCollectRow>
      rowKey="collectNo"
      loading={list.isFetching}
      dataSource={list.data?.list ?? []}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description="还没有领取过佣金" /> }}
      pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage }}
      columns={[
        { title: '时间', dataIndex: 'createdAt', width: 170 },
        { title: '流水号', dataIndex: 'collectNo' },
        { title: '类型', dataIndex: 'kindText' },
        {
          title: '金额',
          dataIndex: 'amount',
          align: 'right',
          render: (v: number) => <span style={{ color: v < 0 ? '#cf1322' : '#389e0d' }}>{formatYuan(v)}</span>,
        },
      ]}
    />
  );
}

/** Site owners: extra rates they pay from their balance for their own customers' orders. */
function SiteRatesCard() {
  const rates = useQuery({ queryKey: promotionKeys.siteRates, queryFn: () => unwrap(getSitePromotionRates()) });
  const save = useAction({
    call: saveSitePromotionRates,
    success: '追加佣金比例已保存',
    invalidates: [promotionKeys.siteRates],
  });
  const r = rates.data;
  return (
    <Card title="站长追加佣金" style={{ marginTop: 16 }} loading={rates.isLoading}>
      {r && (
        <>
          <Typography.Paragraph type="secondary">
            在平台佣金之外，为「{r.title}
            」的客户在本站下单再追加佣金给邀请他们的人。追加部分在订单发货时从你的余额扣除（余额不足则不发放），每笔订单合计不超过你在该订单上的利润；订单退款时按比例退回给你。
          </Typography.Paragraph>
          <Form<PromotionRatesForm>
            layout="inline"
            style={{ rowGap: 8 }}
            initialValues={{
              level1: String(r.rates[0] / 100),
              level2: String(r.rates[1] / 100),
              level3: String(r.rates[2] / 100),
            }}
            onFinish={(v) => save.run(v)}
          >
            {(['level1', 'level2', 'level3'] as const).map((k, i) => (
              <Form.Item
                key={k}
                name={k}
                label={`${['一', '二', '三'][i]}级`}
                rules={[{ required: true, message: '请输入比例' }]}
              >
                <Input suffix="%" style={{ width: 110 }} />
              </Form.Item>
            ))}
            <Form.Item>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                保存
              </Button>
            </Form.Item>
          </Form>
        </>
      )}
    </Card>
  );
}

/** 推广收益：可领取、冻结、已领取的佣金，领取到余额，佣金明细与领取记录，汇总；站长可为本站客户追加佣金。 */
export default function PromotionPage() {
  const meta = useRouteMeta();
  const isOwner = useUserStore((s) => s.byArea.user?.access.includes('vip') ?? false);
  return (
    <PageFrame title="推广收益" description={meta?.description}>
      <CollectCard />
      <TotalsCard />
      <Card style={{ marginTop: 16 }}>
        <Tabs
          items={[
            { key: 'details', label: '佣金明细', children: <DetailsTable /> },
            { key: 'collects', label: '领取记录', children: <CollectsTable /> },
          ]}
        />
      </Card>
      {isOwner && <SiteRatesCard />}
    </PageFrame>
  );
}
