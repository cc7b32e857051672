import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { SITE_PERIODS, SitePeriodLabels, type SitePeriod, type VersionMoneyRow } from '@kapu/contract';
import { getVersionMoney, saveVersionMoney, type VersionMoneyForm } from '@/api/sites';
import { siteKeys } from '@/api/keys';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { fenToYuanText, YUAN_TEXT } from '@/app/yuan';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { yuanToFen } from '@/areas/pay/lib/money';

const FIELD: Record<SitePeriod, 'priceMonth' | 'priceYear' | 'priceForever'> = {
  month: 'priceMonth',
  year: 'priceYear',
  forever: 'priceForever',
};

function PriceEditor({ row, onClose }: { row: VersionMoneyRow; onClose: () => void }) {
  const [form] = Form.useForm<VersionMoneyForm>();
  const saving = useAction({
    call: saveVersionMoney,
    success: '下级版本价格已保存',
    invalidates: [siteKeys.versionMoney],
    onSuccess: onClose,
  });
  const initial: VersionMoneyForm = { versionId: row.versionId };
  for (const p of SITE_PERIODS)
    if (row.custom && row.price[p] !== null && row.price[p] !== row.cost[p])
      initial[FIELD[p]] = fenToYuanText(row.price[p]!);
  return (
    <Modal
      open
      title={`「${row.name}」给下级的价格`}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) =>
          saving.run({
            versionId: row.versionId,
            priceMonth: v.priceMonth?.trim() || undefined,
            priceYear: v.priceYear?.trim() || undefined,
            priceForever: v.priceForever?.trim() || undefined,
          })
        }
      >
        {SITE_PERIODS.filter((p) => row.cost[p] !== null).map((p) => (
          <Form.Item
            key={p}
            name={FIELD[p]}
            label={`${SitePeriodLabels[p]}（成本 ${formatYuan(row.cost[p]!)}）`}
            extra="留空则按成本价出售（不赚差价）"
            rules={[
              { pattern: YUAN_TEXT, message: '请输入金额，最多两位小数' },
              {
                validator: (_r, v: string) => {
                  const fen = yuanToFen(v);
                  return !v || fen === null || fen >= row.cost[p]!
                    ? Promise.resolve()
                    : Promise.reject(new Error('不能低于你的成本价'));
                },
              },
            ]}
          >
            <Input prefix="¥" placeholder={fenToYuanText(row.cost[p]!)} inputMode="decimal" />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

/** 版本价格：下级分站开通各版本时付给你的价格（不低于你的成本价），差价作为你的收益。 */
export default function VersionMoneyPage() {
  const meta = useRouteMeta();
  const rows = useQuery({ queryKey: siteKeys.versionMoney, queryFn: () => unwrap(getVersionMoney()) });
  const [editing, setEditing] = useState<VersionMoneyRow | null>(null);
  const cell = (prices: VersionMoneyRow['cost'], p: SitePeriod) =>
    prices[p] === null ? <Typography.Text type="secondary">不提供</Typography.Text> : formatYuan(prices[p]!);
  return (
    <PageFrame title="版本价格" description={meta?.description}>
      <Card>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="下级分站开通或续费时按「给下级的价格」付款，你得到与成本价的差价，差价在冻结期后转入余额。"
        />
        <Table<VersionMoneyRow>
          rowKey="versionId"
          loading={rows.isFetching}
          dataSource={rows.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              title: '版本',
              dataIndex: 'name',
              render: (n: string, r) => (
                <span>
                  {n} {r.custom && <Tag color="blue">已自定义</Tag>}
                </span>
              ),
            },
            ...SITE_PERIODS.map((p) => ({
              title: SitePeriodLabels[p],
              key: p,
              render: (_v: unknown, r: VersionMoneyRow) => (
                <span>
                  {cell(r.price, p)}
                  {r.cost[p] !== null && (
                    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                      成本 {formatYuan(r.cost[p]!)}
                    </Typography.Text>
                  )}
                </span>
              ),
            })),
            {
              title: '操作',
              key: 'op',
              render: (_v, r) => (
                <Button size="small" onClick={() => setEditing(r)}>
                  设置价格
                </Button>
              ),
            },
          ]}
        />
      </Card>
      {editing && <PriceEditor row={editing} onClose={() => setEditing(null)} />}
    </PageFrame>
  );
}
