import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Popconfirm, Row, Select, Space, Table, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SupplierCardRow } from '@kapu/contract';
import { supplyKeys } from '@/api/keys';
import {
  exportSupplierCards,
  getSupplierCards,
  getSupplierGoods,
  importSupplierCards,
  voidSupplierCards,
} from '@/api/supply';
import { saveCsvExport } from '@/app/csv';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { pagingOf } from '../../list-controls';

const STATUS_COLORS = { available: 'success', reserved: 'processing', sold: 'default', void: 'error' } as const;

/** 卡密库存：导入（批内与库存去重、加密保存）、查看、作废未售卡密、导出未售卡密。 */
export default function CardStockPage() {
  const meta = useRouteMeta();
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [form] = Form.useForm<{ goodsId: number; text: string; note?: string }>();
  const [query, setQuery] = useState<{ goodsId?: number; status?: string; page: number; pageSize: number }>({
    page: 1,
    pageSize: 20,
  });
  const [selected, setSelected] = useState<number[]>([]);
  const goods = useQuery({
    queryKey: supplyKeys.goodsList({ type: 'card', page: 1, pageSize: 100 }),
    queryFn: () => unwrap(getSupplierGoods({ type: 'card', page: 1, pageSize: 100 })),
  });
  const cards = useQuery({
    queryKey: supplyKeys.cardList(query),
    queryFn: () => unwrap(getSupplierCards(query)),
    placeholderData: keepPreviousData,
  });
  const importCards = useAction({
    call: importSupplierCards,
    success: (a) => `导入 ${a.imported} 张，重复 ${a.duplicates} 张${a.invalid ? `，无效 ${a.invalid} 行` : ''}`,
    invalidates: [supplyKeys.cards, supplyKeys.goods],
    onSuccess: () => form.setFieldValue('text', ''),
  });
  const voidCards = useAction({
    call: voidSupplierCards,
    success: (a) => `已作废 ${a.voided} 张未售卡密`,
    invalidates: [supplyKeys.cards, supplyKeys.goods],
    onSuccess: () => setSelected([]),
  });
  const exportCards = useAction({ call: exportSupplierCards, onSuccess: (file) => saveCsvExport(file) });
  const goodsOptions = (goods.data?.list ?? []).map((g) => ({
    value: g.id,
    label: `${g.name}（未售 ${g.stock ?? 0}）`,
  }));
  return (
    <PageFrame title="卡密库存" description={meta?.description}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={9}>
          <Card title="导入卡密">
            {goodsOptions.length === 0 && !goods.isPending ? (
              <Alert type="info" showIcon message="你还没有卡密类商品，请先在「供货商品」发布卡密商品。" />
            ) : (
              <Form form={form} layout="vertical" onFinish={(v) => importCards.run(v)}>
                <Form.Item name="goodsId" label="商品" rules={[{ required: true, message: '请选择商品' }]}>
                  <Select placeholder="选择卡密商品" options={goodsOptions} />
                </Form.Item>
                <Form.Item
                  name="text"
                  label="卡密"
                  rules={[{ required: true, message: '请输入卡密' }]}
                  extra="每行一张；卡号与密码用空格或 ---- 分隔。同批重复与库存中已有的卡密自动排除。"
                >
                  <Input.TextArea rows={8} placeholder={'CARD-0001 PASS-0001\nCARD-0002 PASS-0002'} />
                </Form.Item>
                <Form.Item name="note" label="批次备注">
                  <Input maxLength={100} placeholder="选填" />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={importCards.isPending} block>
                  导入
                </Button>
              </Form>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={15}>
          <Card
            title="我的卡密"
            extra={
              <Button loading={exportCards.isPending} onClick={() => exportCards.run({ goodsId: query.goodsId })}>
                导出未售卡密
              </Button>
            }
          >
            <Space wrap style={{ marginBottom: 16 }}>
              <Select
                allowClear
                placeholder="全部商品"
                style={{ width: 220 }}
                options={goodsOptions}
                onChange={(goodsId?: number) => setQuery((q) => ({ ...q, goodsId, page: 1 }))}
              />
              <Select
                allowClear
                placeholder="状态"
                style={{ width: 120 }}
                options={[
                  { value: 'available', label: '未售' },
                  { value: 'reserved', label: '已锁定' },
                  { value: 'sold', label: '已售' },
                  { value: 'void', label: '已作废' },
                ]}
                onChange={(status?: string) => setQuery((q) => ({ ...q, status, page: 1 }))}
              />
              <Popconfirm
                title={`作废选中的 ${selected.length} 张卡密？`}
                description="只有未售的卡密会被作废，作废后不能恢复。"
                disabled={selected.length === 0}
                onConfirm={() => voidCards.confirm(selected)}
              >
                <Button danger disabled={selected.length === 0} loading={voidCards.isPending}>
                  作废选中
                </Button>
              </Popconfirm>
            </Space>
            <Table<SupplierCardRow>
              rowKey="id"
              loading={cards.isFetching}
              dataSource={cards.data?.list ?? []}
              locale={{ emptyText: query.goodsId || query.status ? '没有符合条件的卡密' : '还没有导入卡密' }}
              rowSelection={{
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as number[]),
                getCheckboxProps: (c) => ({ disabled: c.status !== 'available' }),
              }}
              scroll={isMobile ? undefined : { x: 'max-content' }}
              size={isMobile ? 'small' : 'middle'}
              pagination={pagingOf(query, setQuery, cards.data?.total, '张')}
              columns={[
                { title: '商品', dataIndex: 'goodsName' },
                {
                  title: '卡密',
                  dataIndex: 'card',
                  render: (v: string) => <code style={{ wordBreak: 'break-all' }}>{v}</code>,
                },
                {
                  title: '状态',
                  dataIndex: 'statusText',
                  render: (v: string, c) => <Tag color={STATUS_COLORS[c.status]}>{v}</Tag>,
                },
                { title: '批次', dataIndex: 'batchId' },
                { title: '导入时间', dataIndex: 'createdAt' },
                { title: '售出时间', dataIndex: 'soldAt', render: (v: string) => v || '—' },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </PageFrame>
  );
}
