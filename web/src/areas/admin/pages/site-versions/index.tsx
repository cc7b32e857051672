import { useState } from 'react';
import {
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { SiteVersionView } from '@kapu/contract';
import { adminLevels } from '@/api/catalog';
import { adminSiteVersions, deleteSiteVersion, saveSiteVersion, type SiteVersionForm } from '@/api/sites';
import { adminKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { fenToYuanText, YUAN_TEXT } from '@/app/yuan';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { FeatureList, PeriodPrices } from '@/areas/vip/lib/site-view';
import '@/areas/vip/lib/site-view.css';

type Editing = SiteVersionView | 'new' | null;
const FLAGS = [
  ['subdomain', '二级域名'],
  ['ownDomain', '绑定独立域名'],
  ['decoration', '店铺装修'],
  ['ownPayment', '独立收款通道'],
  ['openApi', '开放接口'],
] as const;

function formOf(v: SiteVersionView | 'new'): Partial<SiteVersionForm> {
  if (v === 'new')
    return {
      status: 'on',
      maxChildren: 0,
      maxGoods: 0,
      sort: 0,
      subdomain: 1,
      ownDomain: 0,
      decoration: 0,
      ownPayment: 0,
      openApi: 0,
    };
  const yuan = (fen: number | null) => (fen === null ? '' : fenToYuanText(fen));
  return {
    id: v.id,
    name: v.name,
    description: v.description,
    priceMonth: yuan(v.prices.month),
    priceYear: yuan(v.prices.year),
    priceForever: yuan(v.prices.forever),
    levelId: v.levelId,
    subdomain: v.features.subdomain ? 1 : 0,
    ownDomain: v.features.ownDomain ? 1 : 0,
    decoration: v.features.decoration ? 1 : 0,
    ownPayment: v.features.ownPayment ? 1 : 0,
    openApi: v.features.openApi ? 1 : 0,
    maxChildren: v.features.maxChildren,
    maxGoods: v.features.maxGoods,
    sort: v.sort,
    status: v.status,
  };
}

const priceRule = { pattern: YUAN_TEXT, message: '请输入金额，最多两位小数；留空表示不提供' };

function VersionEditor({ editing, onClose }: { editing: SiteVersionView | 'new'; onClose: () => void }) {
  const [form] = Form.useForm<SiteVersionForm>();
  const levels = useQuery({ queryKey: adminKeys.siteLevels, queryFn: () => unwrap(adminLevels()) });
  const saving = useAction({
    call: saveSiteVersion,
    success: '分站版本已保存',
    invalidates: [adminKeys.siteVersions],
    onSuccess: onClose,
  });
  const flag = (v: unknown): 0 | 1 => (v === true || v === 1 ? 1 : 0);
  return (
    <Modal
      open
      width={720}
      title={editing === 'new' ? '新增分站版本' : `编辑「${editing.name}」`}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<SiteVersionForm>
        form={form}
        layout="vertical"
        initialValues={formOf(editing)}
        onFinish={(v) =>
          saving.run({
            ...v,
            id: editing === 'new' ? undefined : editing.id,
            subdomain: flag(v.subdomain),
            ownDomain: flag(v.ownDomain),
            decoration: flag(v.decoration),
            ownPayment: flag(v.ownPayment),
            openApi: flag(v.openApi),
          })
        }
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label="版本名称"
              rules={[
                { required: true, whitespace: true, message: '请填写版本名称' },
                { max: 50, message: '版本名称不能超过 50 个字符' },
              ]}
            >
              <Input placeholder="如：普及版" maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="levelId"
              label="站长会员等级"
              rules={[{ required: true, message: '请选择站长获得的会员等级' }]}
            >
              <Select
                loading={levels.isLoading}
                options={(levels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
                placeholder="开通后站长按该等级拿货"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="description" label="版本说明">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Typography.Text type="secondary">价格（元）：留空表示不提供该时长，至少填写一种</Typography.Text>
        <Row gutter={16} style={{ marginTop: 8 }}>
          <Col xs={24} md={8}>
            <Form.Item name="priceMonth" label="按月" rules={[priceRule]}>
              <Input prefix="¥" inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="priceYear" label="按年" rules={[priceRule]}>
              <Input prefix="¥" inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="priceForever" label="永久" rules={[priceRule]}>
              <Input prefix="¥" inputMode="decimal" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="maxChildren" label="下级分站数量" extra="0 表示不能开下级分站">
              <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="maxGoods"
              label="商品数量上限"
              extra="0 表示不限；有上限时只出售站长上架的商品，调低时各分站保留前 N 件并通知站长"
            >
              <InputNumber min={0} max={1000000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="sort" label="版本等级" extra="数字越大版本越高；只能升级到更高的版本">
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Space wrap size="large" style={{ marginBottom: 16 }}>
          {FLAGS.map(([name, label]) => (
            <Form.Item
              key={name}
              name={name}
              valuePropName="checked"
              getValueProps={(v) => ({ checked: v === 1 || v === true })}
              normalize={(v: boolean) => (v ? 1 : 0)}
              noStyle
            >
              <Checkbox>{label}</Checkbox>
            </Form.Item>
          ))}
        </Space>
        <Form.Item name="status" label="状态">
          <Select
            style={{ width: 160 }}
            options={[
              { value: 'on', label: '上架（可开通）' },
              { value: 'off', label: '下架' },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 分站版本：定义版本（价格、功能、下级数量、商品上限、站长等级），上下架与删除。 */
export default function AdminSiteVersionsPage() {
  const meta = useRouteMeta();
  const [editing, setEditing] = useState<Editing>(null);
  const list = useQuery({ queryKey: adminKeys.siteVersions, queryFn: () => unwrap(adminSiteVersions()) });
  const removing = useAction({ call: deleteSiteVersion, success: '版本已删除', invalidates: [adminKeys.siteVersions] });
  return (
    <PageFrame
      title="分站版本"
      description={meta?.description}
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          新增版本
        </Button>
      }
    >
      <Card>
        <Table<SiteVersionView>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data ?? []}
          pagination={false}
          locale={{ emptyText: '还没有分站版本，点击「新增版本」创建' }}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              title: '版本',
              key: 'name',
              render: (_v, r) => (
                <Space orientation="vertical" size={0}>
                  <Typography.Text strong>{r.name}</Typography.Text>
                  <Typography.Text type="secondary">等级 {r.sort}</Typography.Text>
                </Space>
              ),
            },
            { title: '价格', key: 'prices', render: (_v, r) => <PeriodPrices prices={r.prices} /> },
            { title: '功能', key: 'features', render: (_v, r) => <FeatureList features={r.features} /> },
            { title: '站长等级', dataIndex: 'levelName' },
            { title: '分站数', dataIndex: 'siteCount' },
            {
              title: '状态',
              dataIndex: 'status',
              render: (s: string) => (s === 'on' ? <Tag color="success">上架</Tag> : <Tag>下架</Tag>),
            },
            {
              title: '操作',
              key: 'op',
              render: (_v, r) => (
                <Space>
                  <Button size="small" onClick={() => setEditing(r)}>
                    编辑
                  </Button>
                  <Popconfirm
                    title={`删除「${r.name}」？`}
                    description="仍有分站使用的版本不能删除，可以下架"
                    okText="删除"
                    cancelText="取消"
                    onConfirm={() => removing.confirm(r.id)}
                  >
                    <Button size="small" danger disabled={r.siteCount > 0}>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {editing && <VersionEditor editing={editing} onClose={() => setEditing(null)} />}
    </PageFrame>
  );
}
