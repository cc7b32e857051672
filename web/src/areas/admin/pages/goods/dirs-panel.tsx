import type { AdminDir, Brand } from '@kapu/contract';
import { useState } from 'react';
import {
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { adminDeleteDir, adminSaveBrand, adminSaveDir } from '@/api/catalog';
import { useAction } from '@/hooks/use-action';
import { adminKeys, catalogKeys } from '@/api/keys';

interface DirForm {
  id?: number;
  parentId?: number;
  name: string;
  icon?: string;
  sort?: number;
  visible?: boolean;
}
interface BrandForm {
  id?: number;
  dirId?: number;
  name: string;
  logo?: string;
  sort?: number;
}
type DirNode = AdminDir & { children?: AdminDir[] };

/** Two-level directories and brands: add, edit, delete (empty directories only). */
export function DirsPanel({ dirs, brands }: { dirs: AdminDir[]; brands: Brand[] }) {
  const [dirForm] = Form.useForm<DirForm>();
  const [brandForm] = Form.useForm<BrandForm>();
  const [dirOpen, setDirOpen] = useState(false);
  const [brandOpen, setBrandOpen] = useState(false);
  // Directories and brands show in the admin's goods meta and in the store's catalog.
  const changes = [adminKeys.catalogMeta, catalogKeys.all];
  const dirSaving = useAction({
    call: adminSaveDir,
    success: '目录已保存',
    invalidates: changes,
    onSuccess: () => setDirOpen(false),
  });
  const brandSaving = useAction({
    call: adminSaveBrand,
    success: '品牌已保存',
    invalidates: changes,
    onSuccess: () => setBrandOpen(false),
  });
  const dirRemoval = useAction({ call: adminDeleteDir, success: '已删除', invalidates: changes });
  const tops = dirs.filter((d) => d.parentId === null);
  const tree: DirNode[] = tops.map((d) => {
    const children = dirs.filter((c) => c.parentId === d.id);
    return children.length ? { ...d, children } : d;
  });
  const dirName = (id: number | null) => dirs.find((d) => d.id === id)?.name ?? '—';

  const saveDir = (v: DirForm) => dirSaving.run({ ...v, visible: v.visible === false ? 0 : 1 });
  const openDir = (d?: Partial<DirForm>) => {
    dirForm.resetFields();
    dirForm.setFieldsValue({ sort: 0, visible: true, ...d });
    setDirOpen(true);
  };
  const openBrand = (b?: Partial<BrandForm>) => {
    brandForm.resetFields();
    brandForm.setFieldsValue({ sort: 0, ...b });
    setBrandOpen(true);
  };

  return (
    <Row gutter={16}>
      <Col xs={24} lg={14}>
        <Card
          size="small"
          title="商品目录（最多两级）"
          extra={
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openDir()}>
              新增目录
            </Button>
          }
        >
          <Table<DirNode>
            rowKey="id"
            size="small"
            dataSource={tree}
            pagination={false}
            expandable={{ defaultExpandAllRows: true }}
            columns={[
              { title: '名称', dataIndex: 'name' },
              { title: '排序', dataIndex: 'sort', width: 70 },
              {
                title: '显示',
                dataIndex: 'visible',
                width: 70,
                render: (v: boolean) => (v ? <Tag color="green">显示</Tag> : <Tag>隐藏</Tag>),
              },
              {
                title: '操作',
                key: 'op',
                width: 200,
                render: (_: unknown, d) => (
                  <Space size={4}>
                    <Button
                      size="small"
                      type="link"
                      onClick={() =>
                        openDir({
                          id: d.id,
                          parentId: d.parentId ?? undefined,
                          name: d.name,
                          icon: d.icon,
                          sort: d.sort,
                          visible: d.visible,
                        })
                      }
                    >
                      编辑
                    </Button>
                    {d.parentId === null && (
                      <Button size="small" type="link" onClick={() => openDir({ parentId: d.id })}>
                        添加子目录
                      </Button>
                    )}
                    <Popconfirm
                      title="删除该目录？"
                      description="目录下有子目录或商品时不能删除"
                      onConfirm={() => dirRemoval.confirm(d.id)}
                    >
                      <Button size="small" type="link" danger>
                        删除
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card
          size="small"
          title="品牌"
          extra={
            <Button icon={<PlusOutlined />} onClick={() => openBrand()}>
              新增品牌
            </Button>
          }
        >
          <Table<Brand>
            rowKey="id"
            size="small"
            dataSource={brands}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            columns={[
              { title: '品牌', dataIndex: 'name' },
              { title: '所属目录', dataIndex: 'dirId', render: (v: number | null) => dirName(v) },
              {
                title: '操作',
                key: 'op',
                render: (_: unknown, b) => (
                  <Button
                    size="small"
                    type="link"
                    onClick={() => openBrand({ id: b.id, dirId: b.dirId ?? undefined, name: b.name, logo: b.logo })}
                  >
                    编辑
                  </Button>
                ),
              },
            ]}
          />
        </Card>
      </Col>
      <Modal
        title="目录"
        open={dirOpen}
        onCancel={() => setDirOpen(false)}
        onOk={() => dirForm.submit()}
        confirmLoading={dirSaving.isPending}
        destroyOnHidden
        forceRender
      >
        <Form form={dirForm} layout="vertical" onFinish={saveDir}>
          <Form.Item name="id" hidden>
            <Input />
          </Form.Item>
          <Form.Item label="上级目录" name="parentId" extra="不选则为一级目录">
            <Select allowClear options={tops.map((d) => ({ value: d.id, label: d.name }))} />
          </Form.Item>
          <Form.Item
            label="名称"
            name="name"
            rules={[
              { required: true, message: '请输入目录名称' },
              { max: 30 },
              { pattern: /^[^<>]*$/, message: '不能包含 < 或 >' },
            ]}
          >
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item label="图标地址" name="icon">
            <Input maxLength={255} />
          </Form.Item>
          <Space>
            <Form.Item label="排序" name="sort">
              <InputNumber precision={0} />
            </Form.Item>
            <Form.Item label="显示" name="visible" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
      <Modal
        title="品牌"
        open={brandOpen}
        onCancel={() => setBrandOpen(false)}
        onOk={() => brandForm.submit()}
        confirmLoading={brandSaving.isPending}
        destroyOnHidden
        forceRender
      >
        <Form form={brandForm} layout="vertical" onFinish={brandSaving.run}>
          <Form.Item name="id" hidden>
            <Input />
          </Form.Item>
          <Form.Item label="所属目录" name="dirId">
            <Select
              allowClear
              options={dirs.map((d) => ({
                value: d.id,
                label: d.parentId ? `${dirName(d.parentId)} / ${d.name}` : d.name,
              }))}
            />
          </Form.Item>
          <Form.Item
            label="品牌名称"
            name="name"
            rules={[
              { required: true, message: '请输入品牌名称' },
              { max: 30 },
              { pattern: /^[^<>]*$/, message: '不能包含 < 或 >' },
            ]}
          >
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item label="Logo 地址" name="logo">
            <Input maxLength={255} />
          </Form.Item>
          <Form.Item label="排序" name="sort">
            <InputNumber precision={0} />
          </Form.Item>
        </Form>
      </Modal>
    </Row>
  );
}
