import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  TreeSelect,
  Typography,
} from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { GOODS_TYPES, GoodsTypeLabels, type GoodsType, type SupplierGoodsRow } from '@kapu/contract';
import { getDirs } from '@/api/catalog';
import { catalogKeys, supplyKeys } from '@/api/keys';
import { getSupplierGoods, saveSupplierGoods, setSupplierGoodsShelf, type SupplierGoodsForm } from '@/api/supply';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { pagingOf } from '../../list-controls';

interface TemplateField {
  label: string;
  type: 'text' | 'number';
  required: boolean;
}
interface GoodsFormValues extends Omit<SupplierGoodsForm, 'rechargeTemplate'> {
  template?: TemplateField[];
}

const yuanText = (fen: number) => (fen / 100).toFixed(2);
const STATE_OPTIONS = [
  { value: 'on_sale', label: '在售' },
  { value: 'paused', label: '已下架' },
  { value: 'review', label: '审核中' },
];

/** The goods editor: new goods, or an edit (a higher cost goes to review, the rest applies at once). */
function GoodsEditor({ goods, onClose }: { goods: SupplierGoodsRow | 'new'; onClose: () => void }) {
  const [form] = Form.useForm<GoodsFormValues>();
  const type = Form.useWatch('type', form) as GoodsType | undefined;
  const dirs = useQuery({ queryKey: catalogKeys.dirs, queryFn: () => unwrap(getDirs()) });
  const save = useAction({
    call: saveSupplierGoods,
    success: (a) => (a.review ? '已保存，等待平台审核后上架' : '已保存'),
    invalidates: [supplyKeys.all],
    onSuccess: onClose,
  });
  const editing = goods !== 'new' ? goods : null;
  const initial: GoodsFormValues = editing
    ? {
        id: editing.id,
        dirId: editing.dirId,
        name: editing.name,
        type: editing.type,
        cost: yuanText(editing.cost),
        faceValue: yuanText(editing.faceValue),
        stock: editing.type === 'card' ? '' : (editing.stock ?? ''),
        description: editing.description,
        minQuantity: editing.minQuantity,
        maxQuantity: editing.maxQuantity,
        contactType: editing.contactType,
        lowStockAt: editing.lowStockAt,
        template: editing.rechargeTemplate.map((f) => ({
          label: f.label,
          type: f.type === 'number' ? 'number' : 'text',
          required: f.required,
        })),
      }
    : {
        dirId: 0,
        name: '',
        type: 'card',
        cost: '',
        minQuantity: 1,
        maxQuantity: 100,
        contactType: 'any',
        lowStockAt: 0,
      };
  const submit = (v: GoodsFormValues) => {
    const { template, ...rest } = v;
    const fields = (template ?? []).filter((f) => f.label?.trim());
    save.run({
      ...rest,
      id: editing?.id,
      stock: v.type === 'card' ? undefined : v.stock,
      rechargeTemplate: JSON.stringify(
        fields.map((f, i) => ({ key: `f${i + 1}`, label: f.label.trim(), type: f.type, required: f.required })),
      ),
    });
  };
  return (
    <Modal
      open
      title={editing ? `编辑商品：${editing.name}` : '发布供货商品'}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="保存"
      confirmLoading={save.isPending}
      width={640}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="新商品与供货价上调需平台审核，审核期间商品不在售；降低供货价与修改其他信息立即生效。平台审核时设置售价（不低于供货价）。"
      />
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        <Form.Item label="商品类型" name="type" rules={[{ required: true, message: '请选择商品类型' }]}>
          <Select disabled={!!editing} options={GOODS_TYPES.map((t) => ({ value: t, label: GoodsTypeLabels[t] }))} />
        </Form.Item>
        <Form.Item
          label="商品分类"
          name="dirId"
          rules={[{ required: true, type: 'number', min: 1, message: '请选择商品分类' }]}
        >
          <TreeSelect
            placeholder="选择平台的商品分类"
            loading={dirs.isPending}
            treeDefaultExpandAll
            treeData={(dirs.data ?? []).map((d) => ({
              value: d.id,
              title: d.name,
              children: d.children.map((c) => ({ value: c.id, title: c.name })),
            }))}
          />
        </Form.Item>
        <Form.Item label="商品名称" name="name" rules={[{ required: true, message: '请输入商品名称' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item
            label="供货价（元）"
            name="cost"
            rules={[{ required: true, message: '请输入供货价' }]}
            extra="每件结算给你的价格（扣除平台佣金前）"
          >
            <Input style={{ width: 160 }} placeholder="8.00" />
          </Form.Item>
          <Form.Item label="面值（元）" name="faceValue">
            <Input style={{ width: 120 }} placeholder="选填" />
          </Form.Item>
          {type !== 'card' ? (
            <Form.Item label="库存" name="stock" extra="留空为不限">
              <InputNumber min={0} style={{ width: 120 }} />
            </Form.Item>
          ) : (
            <Form.Item label="库存预警" name="lowStockAt" extra="未售卡密少于等于此数时提醒我，0 为关闭">
              <InputNumber min={0} style={{ width: 120 }} />
            </Form.Item>
          )}
        </Space>
        <Space wrap size="large">
          <Form.Item label="最少购买" name="minQuantity">
            <InputNumber min={1} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item label="最多购买" name="maxQuantity">
            <InputNumber min={1} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item label="买家联系方式" name="contactType">
            <Select
              style={{ width: 140 }}
              options={[
                { value: 'any', label: '不限' },
                { value: 'phone', label: '手机号' },
                { value: 'email', label: '邮箱' },
                { value: 'qq', label: 'QQ' },
              ]}
            />
          </Form.Item>
        </Space>
        {type && type !== 'card' && (
          <Form.Item
            label={type === 'recharge' ? '充值模板（买家下单时填写，至少一项）' : '下单模板（选填，买家下单时填写）'}
          >
            <Form.List name="template">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field) => (
                    <Space key={field.key} align="baseline" wrap>
                      <Form.Item name={[field.name, 'label']} rules={[{ required: true, message: '请输入字段名称' }]}>
                        <Input placeholder="如：充值账号" maxLength={30} style={{ width: 180 }} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'type']} initialValue="text">
                        <Select
                          style={{ width: 100 }}
                          options={[
                            { value: 'text', label: '文本' },
                            { value: 'number', label: '数字' },
                          ]}
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'required']} valuePropName="checked" initialValue>
                        <Checkbox>必填</Checkbox>
                      </Form.Item>
                      <MinusCircleOutlined onClick={() => remove(field.name)} aria-label="删除字段" />
                    </Space>
                  ))}
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => add({ label: '', type: 'text', required: true })}
                  >
                    添加字段
                  </Button>
                </>
              )}
            </Form.List>
          </Form.Item>
        )}
        <Form.Item label="商品说明" name="description">
          <Input.TextArea rows={3} maxLength={5000} placeholder="使用说明、到账时间、注意事项（纯文本）" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 供货商品：我供货的商品（四种类型）、供货价、审核状态与上下架。 */
export default function SupplyGoodsPage() {
  const meta = useRouteMeta();
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [query, setQuery] = useState<{
    type?: GoodsType;
    state?: string;
    keyword?: string;
    page: number;
    pageSize: number;
  }>({ page: 1, pageSize: 20 });
  const [editing, setEditing] = useState<SupplierGoodsRow | 'new' | null>(null);
  const goods = useQuery({
    queryKey: supplyKeys.goodsList(query),
    queryFn: () => unwrap(getSupplierGoods(query)),
    placeholderData: keepPreviousData,
  });
  const shelf = useAction({
    call: setSupplierGoodsShelf,
    success: (a) => (a.status === 'on_sale' ? '已上架' : '已下架'),
    invalidates: [supplyKeys.goods],
  });
  const empty =
    query.type || query.state || query.keyword
      ? '没有符合条件的商品'
      : '你还没有发布供货商品，点击「发布商品」开始供货';
  return (
    <PageFrame
      title="供货商品"
      description={meta?.description}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          发布商品
        </Button>
      }
    >
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder="商品类型"
            style={{ width: 130 }}
            options={GOODS_TYPES.map((t) => ({ value: t, label: GoodsTypeLabels[t] }))}
            onChange={(type?: GoodsType) => setQuery((q) => ({ ...q, type, page: 1 }))}
          />
          <Select
            allowClear
            placeholder="状态"
            style={{ width: 120 }}
            options={STATE_OPTIONS}
            onChange={(state?: string) => setQuery((q) => ({ ...q, state, page: 1 }))}
          />
          <Input.Search
            allowClear
            placeholder="商品名称"
            enterButton="搜索"
            style={{ width: 240 }}
            onSearch={(v) => setQuery((q) => ({ ...q, keyword: v.trim() || undefined, page: 1 }))}
          />
        </Space>
        <Table<SupplierGoodsRow>
          rowKey="id"
          loading={goods.isFetching}
          dataSource={goods.data?.list ?? []}
          locale={{ emptyText: empty }}
          scroll={isMobile ? undefined : { x: 'max-content' }}
          size={isMobile ? 'small' : 'middle'}
          pagination={pagingOf(query, setQuery, goods.data?.total, '件商品')}
          columns={[
            {
              title: '商品',
              dataIndex: 'name',
              render: (v: string, g) => <Typography.Text strong={g.status === 'on_sale'}>{v}</Typography.Text>,
            },
            { title: '类型', dataIndex: 'typeText' },
            { title: '供货价', dataIndex: 'cost', align: 'right', render: (v: number) => formatYuan(v) },
            {
              title: '平台售价',
              dataIndex: 'price',
              align: 'right',
              render: (v: number, g) =>
                g.approved ? formatYuan(v) : <Typography.Text type="secondary">审核时设置</Typography.Text>,
            },
            {
              title: '库存',
              dataIndex: 'stock',
              align: 'right',
              render: (v: number | null, g) =>
                v === null ? (
                  '不限'
                ) : (
                  <span style={{ color: g.lowStockAt > 0 && v <= g.lowStockAt ? '#cf1322' : undefined }}>{v}</span>
                ),
            },
            { title: '销量', dataIndex: 'soldCount', align: 'right' },
            {
              title: '状态',
              dataIndex: 'statusText',
              render: (v: string, g) => {
                const r = g.review;
                const color = r?.status === 'pending' ? 'processing' : g.status === 'on_sale' ? 'success' : 'default';
                return (
                  <Space direction="vertical" size={0}>
                    <Tag color={color}>
                      {r?.status === 'pending' ? `审核中（${r.kind === 'new' ? '新商品' : '供货价上调'}）` : v}
                    </Tag>
                    {r?.status === 'rejected' && (
                      <Tooltip title={r.reason}>
                        <Typography.Text type="danger" style={{ fontSize: 12 }}>
                          审核驳回：{r.reason}
                        </Typography.Text>
                      </Tooltip>
                    )}
                  </Space>
                );
              },
            },
            {
              title: '操作',
              key: 'actions',
              render: (_: unknown, g) => (
                <Space>
                  <Button size="small" onClick={() => setEditing(g)}>
                    编辑
                  </Button>
                  {g.approved && g.review?.status !== 'pending' && g.status !== 'banned' && (
                    <Button
                      size="small"
                      loading={shelf.isPending && shelf.pendingInput?.id === g.id}
                      onClick={() => shelf.run({ id: g.id, onSale: g.status !== 'on_sale' })}
                    >
                      {g.status === 'on_sale' ? '下架' : '上架'}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {editing && <GoodsEditor goods={editing} onClose={() => setEditing(null)} />}
    </PageFrame>
  );
}
