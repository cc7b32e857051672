import { useState } from 'react';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  COMMISSION_VIEW_STATUSES,
  CommissionStatusLabels,
  memberText,
  type AdminCommissionRow,
  type CommissionViewStatus,
  type PromotionOverrideRow,
} from '@kapu/contract';
import { adminDirs } from '@/api/catalog';
import {
  deletePromotionOverride,
  getAdminCommissions,
  getPromotionOverrides,
  getPromotionSettings,
  savePromotionOverride,
  savePromotionSettings,
  type PromotionOverrideForm,
  type PromotionSettingsForm,
} from '@/api/promotion';
import { promotionKeys } from '@/api/keys';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { fenToYuanText, YUAN_TEXT } from '@/app/yuan';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';

const percentText = (bp: number) => String(bp / 100);
const PERCENT_RULE = { pattern: /^(0|[1-9]\d?|100)(\.\d{1,2})?$/, message: '0–100 的百分比，最多两位小数' };
const LEVELS = [
  { name: 'level1', label: '一级（直接邀请人）' },
  { name: 'level2', label: '二级' },
  { name: 'level3', label: '三级' },
] as const;

/** The three levels' percentages, inside a form. */
function RateFields() {
  return (
    <Space wrap style={{ marginTop: 8 }}>
      {LEVELS.map((l) => (
        <Form.Item
          key={l.name}
          name={l.name}
          label={l.label}
          rules={[{ required: true, message: '请输入比例' }, PERCENT_RULE]}
        >
          <Input suffix="%" style={{ width: 130 }} />
        </Form.Item>
      ))}
    </Space>
  );
}

function SettingsPanel() {
  const settings = useQuery({ queryKey: promotionKeys.adminSettings, queryFn: () => unwrap(getPromotionSettings()) });
  const save = useAction({
    call: savePromotionSettings,
    success: '推广设置已保存',
    invalidates: [promotionKeys.adminSettings],
  });
  const s = settings.data;
  if (!s) return <Card loading />;
  return (
    <Form<PromotionSettingsForm>
      layout="vertical"
      style={{ maxWidth: 620 }}
      initialValues={{
        enabled: s.enabled,
        level1: percentText(s.rates[0]),
        level2: percentText(s.rates[1]),
        level3: percentText(s.rates[2]),
        freezeDays: s.freezeDays,
        dailyCap: fenToYuanText(s.dailyCap),
        blockSameIp: s.blockSameIp,
        blockSameSubnet: s.blockSameSubnet,
      }}
      onFinish={(v) => save.run(v)}
    >
      <Form.Item
        name="enabled"
        label="发放推广佣金"
        valuePropName="checked"
        extra="关闭后新发货的订单不再产生佣金；已有佣金照常冻结、退回和领取。"
      >
        <Switch />
      </Form.Item>
      <Typography.Text strong>默认佣金比例（按买家实付金额，向下取整到分；三级合计不超过 50%）</Typography.Text>
      <RateFields />
      <Form.Item
        name="freezeDays"
        label="佣金冻结天数"
        extra="订单发货后佣金冻结的天数，期满可领取到余额；冻结期内退款按比例退回佣金。修改后对全部未领取的佣金按新天数计算。"
        rules={[{ required: true, message: '请输入天数' }]}
      >
        <InputNumber min={0} max={365} precision={0} addonAfter="天" />
      </Form.Item>
      <Form.Item
        name="dailyCap"
        label="每人每日佣金上限"
        extra="一个推广人每天最多获得的佣金（元），超出部分不发放；0 为不限。"
        rules={[
          { required: true, message: '请输入金额' },
          { pattern: YUAN_TEXT, message: '金额最多两位小数' },
        ]}
      >
        <Input prefix="¥" style={{ width: 180 }} />
      </Form.Item>
      <Typography.Text strong>防刷单</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        自己的订单永远不产生佣金；用自己的邀请码注册新账户会被拒绝。
      </Typography.Paragraph>
      <Form.Item name="blockSameIp" valuePropName="checked" label="下单会员与推广人注册 IP 相同时不发放">
        <Switch />
      </Form.Item>
      <Form.Item name="blockSameSubnet" valuePropName="checked" label="注册 IP 在同一网段（IPv4 /24）时不发放">
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存设置
      </Button>
    </Form>
  );
}

function OverridesPanel() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Partial<PromotionOverrideForm> | null>(null);
  const [form] = Form.useForm<PromotionOverrideForm>();
  const list = useQuery({
    queryKey: promotionKeys.adminOverrides(page),
    queryFn: () => unwrap(getPromotionOverrides(page)),
    placeholderData: keepPreviousData,
  });
  const dirs = useQuery({
    queryKey: promotionKeys.adminDirs,
    queryFn: () => unwrap(adminDirs()),
    enabled: editing !== null,
  });
  const save = useAction({
    call: savePromotionOverride,
    success: '佣金比例已保存',
    invalidates: [promotionKeys.admin],
    onSuccess: () => setEditing(null),
  });
  const remove = useAction({
    call: deletePromotionOverride,
    success: '已删除，恢复默认比例',
    invalidates: [promotionKeys.admin],
  });
  const scope = Form.useWatch('scope', form);
  const parentName = new Map((dirs.data ?? []).map((d) => [d.id, d.name]));
  const open = (values: Partial<PromotionOverrideForm>) => {
    form.resetFields();
    form.setFieldsValue(values);
    setEditing(values);
  };
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Button type="primary" onClick={() => open({ scope: 'dir', level1: '', level2: '', level3: '' })}>
          新增覆盖
        </Button>
        <Typography.Text type="secondary">
          商品自己的比例优先，其次是所在目录、上级目录，都没有时用默认比例。
        </Typography.Text>
      </Space>
      <Table<PromotionOverrideRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description="还没有覆盖：所有商品使用默认佣金比例" /> }}
        pagination={{ current: page, pageSize: 50, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '范围', dataIndex: 'scopeText', render: (v: string) => <Tag>{v}</Tag> },
          { title: '目录 / 商品', key: 'target', render: (_v, r) => `${r.targetName}（#${r.targetId}）` },
          ...[0, 1, 2].map((i) => ({
            title: `${['一', '二', '三'][i]}级`,
            key: `rate${i}`,
            align: 'right' as const,
            render: (_v: unknown, r: PromotionOverrideRow) => `${percentText(r.rates[i])}%`,
          })),
          { title: '更新时间', dataIndex: 'updatedAt', width: 170 },
          {
            title: '操作',
            key: 'op',
            render: (_v, r) => (
              <Space>
                <Button
                  size="small"
                  onClick={() =>
                    open({
                      scope: r.scope,
                      targetId: r.targetId,
                      level1: percentText(r.rates[0]),
                      level2: percentText(r.rates[1]),
                      level3: percentText(r.rates[2]),
                    })
                  }
                >
                  修改
                </Button>
                <Popconfirm
                  title="删除这条覆盖，恢复默认比例？"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => remove.confirm(r.id)}
                >
                  <Button size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title="目录 / 商品佣金比例"
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => save.run(v)}>
          <Form.Item name="scope" label="范围">
            <Radio.Group
              options={[
                { value: 'dir', label: '目录（含下级目录）' },
                { value: 'goods', label: '单个商品' },
              ]}
              onChange={() => form.setFieldValue('targetId', undefined)}
            />
          </Form.Item>
          {scope === 'goods' ? (
            <Form.Item
              name="targetId"
              label="商品编号"
              rules={[{ required: true, message: '请输入商品编号' }]}
              extra="商品管理列表中的编号"
            >
              <InputNumber min={1} precision={0} style={{ width: 200 }} />
            </Form.Item>
          ) : (
            <Form.Item name="targetId" label="目录" rules={[{ required: true, message: '请选择目录' }]}>
              <Select
                showSearch
                optionFilterProp="label"
                loading={dirs.isLoading}
                options={(dirs.data ?? []).map((d) => ({
                  value: d.id,
                  label: d.parentId ? `${parentName.get(d.parentId) ?? ''} / ${d.name}` : d.name,
                }))}
              />
            </Form.Item>
          )}
          <RateFields />
        </Form>
      </Modal>
    </>
  );
}

function CommissionsPanel() {
  const [status, setStatus] = useState<CommissionViewStatus>();
  const [keyword, setKeyword] = useState<string>();
  const [page, setPage] = useState(1);
  const query = { status, keyword, page };
  const list = useQuery({
    queryKey: promotionKeys.adminCommissions(query),
    queryFn: () => unwrap(getAdminCommissions(query)),
    placeholderData: keepPreviousData,
  });
  const sums = list.data?.sums;
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          value={status}
          onChange={(v?: CommissionViewStatus) => {
            setStatus(v);
            setPage(1);
          }}
          options={COMMISSION_VIEW_STATUSES.map((s) => ({ value: s, label: CommissionStatusLabels[s] }))}
          aria-label="佣金状态"
        />
        <Input.Search
          allowClear
          placeholder="订单号 / 推广人编号或登录名"
          style={{ width: 300 }}
          enterButton="搜索"
          onSearch={(v) => {
            setKeyword(v.trim() || undefined);
            setPage(1);
          }}
        />
      </Space>
      {sums && (
        <Descriptions size="small" column={{ xs: 2, md: 4 }} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="未领取">{formatYuan(sums.held)}</Descriptions.Item>
          <Descriptions.Item label="已领取">{formatYuan(sums.collected)}</Descriptions.Item>
          <Descriptions.Item label="退款退回">{formatYuan(sums.reversed)}</Descriptions.Item>
          <Descriptions.Item label="拦截未发放">{formatYuan(sums.blocked)}</Descriptions.Item>
        </Descriptions>
      )}
      <Table<AdminCommissionRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty
              description={keyword || status ? '没有符合条件的佣金' : '还没有佣金：被邀请的会员的订单发货后产生'}
            />
          ),
        }}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 170 },
          { title: '订单号', dataIndex: 'orderNo' },
          { title: '推广人', key: 'earner', render: (_v, r) => memberText(r.earner) },
          { title: '下单会员', key: 'buyer', render: (_v, r) => memberText(r.buyer) },
          { title: '层级', dataIndex: 'levelText' },
          { title: '来源', dataIndex: 'sourceText' },
          { title: '订单金额', dataIndex: 'base', align: 'right', render: (v: number) => formatYuan(v) },
          { title: '佣金', dataIndex: 'amount', align: 'right', render: (v: number) => formatYuan(v) },
          { title: '已退回', dataIndex: 'reversed', align: 'right', render: (v: number) => formatYuan(v) },
          { title: '已领取', dataIndex: 'collected', align: 'right', render: (v: number) => formatYuan(v) },
          {
            title: '状态',
            key: 'status',
            render: (_v, r) => (
              <Space orientation="vertical" size={0}>
                <span>{r.statusText}</span>
                {r.blockReason && <Typography.Text type="secondary">{r.blockReason}</Typography.Text>}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}

/** 推广佣金：默认比例、冻结天数、每日上限与防刷单开关，目录/商品比例覆盖，全部佣金记录。 */
export default function AdminPromotionPage() {
  const meta = useRouteMeta();
  return (
    <PageFrame title="推广佣金" description={meta?.description}>
      <Card>
        <Tabs
          items={[
            { key: 'commissions', label: '佣金记录', children: <CommissionsPanel /> },
            { key: 'settings', label: '推广设置', children: <SettingsPanel /> },
            { key: 'overrides', label: '比例覆盖', children: <OverridesPanel /> },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
