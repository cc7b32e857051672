import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { type Level, levelSaveInput } from '@kapu/contract';
import { adminDeleteLevel, adminSaveLevel } from '@/api/catalog';
import { useAction } from '@/hooks/use-action';
import { zodRule } from '@/components/zod-rule';
import { adminKeys, catalogKeys } from '@/api/keys';
import { formatYuan } from '@/app/format';
import { fenToYuanText } from '@/app/yuan';

interface LevelForm {
  id?: number;
  name: string;
  sort?: number;
  isDefault?: boolean;
  price?: string;
  buyable?: boolean;
  description?: string;
}

/**
 * Member levels: goods carry a price per level; new members start on the default level; members
 * may buy a level that is sold (its price; an upgrade costs the difference to their level's price).
 */
export function LevelsPanel({ levels }: { levels: Level[] }) {
  const [form] = Form.useForm<LevelForm>();
  const [open, setOpen] = useState(false);
  // A level changes the admin's goods meta and the store's prices.
  const changes = [adminKeys.catalogMeta, catalogKeys.all];

  const edit = (level?: Level) => {
    form.resetFields();
    form.setFieldsValue(
      level
        ? {
            id: level.id,
            name: level.name,
            sort: level.sort,
            isDefault: level.isDefault,
            price: level.price === null ? undefined : fenToYuanText(level.price),
            buyable: level.buyable,
            description: level.description,
          }
        : { sort: (levels.at(-1)?.sort ?? 0) + 1, isDefault: false, buyable: false },
    );
    setOpen(true);
  };
  const saving = useAction({
    call: adminSaveLevel,
    success: '会员等级已保存',
    invalidates: changes,
    onSuccess: () => setOpen(false),
  });
  const save = async () => {
    const values = await form.validateFields();
    await saving.act({
      id: values.id,
      name: values.name,
      sort: values.sort ?? 0,
      isDefault: values.isDefault ? 1 : 0,
      price: values.price?.trim() || undefined,
      buyable: values.buyable ? 1 : 0,
      description: values.description?.trim() ?? '',
    });
  };
  const removal = useAction({
    call: (level: Level) => adminDeleteLevel(level.id),
    success: (_r, level) => `已删除等级「${level.name}」`,
    invalidates: changes,
  });

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => edit()}>
          新增等级
        </Button>
        <span style={{ color: 'rgba(0,0,0,0.45)' }}>
          商品可按等级设置价格；新注册会员进入默认等级；开放购买的等级会员可在「我的等级」用余额购买。
        </span>
      </Space>
      <Table<Level>
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={levels}
        columns={[
          {
            title: '等级名称',
            dataIndex: 'name',
            render: (name: string, l) =>
              l.isDefault ? (
                <Space>
                  {name}
                  <Tag color="blue">默认</Tag>
                </Space>
              ) : (
                name
              ),
          },
          { title: '排序', dataIndex: 'sort', width: 80 },
          {
            title: '购买价格',
            dataIndex: 'price',
            width: 160,
            render: (price: number | null, l) => (
              <Space>
                {price === null ? '—' : formatYuan(price)}
                {l.buyable ? <Tag color="green">出售中</Tag> : <Tag>不出售</Tag>}
              </Space>
            ),
          },
          {
            title: '等级权益',
            dataIndex: 'description',
            ellipsis: true,
            render: (d: string) => d.split('\n').filter(Boolean).join('；') || '—',
          },
          {
            title: '操作',
            key: 'op',
            width: 160,
            render: (_, l) => (
              <Space>
                <Button type="link" size="small" onClick={() => edit(l)}>
                  编辑
                </Button>
                <Popconfirm
                  title={`删除等级「${l.name}」？`}
                  description="该等级的商品等级价会一并删除。"
                  disabled={l.isDefault}
                  onConfirm={() => removal.confirm(l)}
                >
                  <Button type="link" size="small" danger disabled={l.isDefault}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={form.getFieldValue('id') ? '编辑会员等级' : '新增会员等级'}
        open={open}
        onOk={() => void save()}
        confirmLoading={saving.isPending}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="id" hidden>
            <Input />
          </Form.Item>
          <Form.Item label="等级名称" name="name" rules={[zodRule(levelSaveInput.shape.name)]}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item
            label="排序（越小越靠前）"
            name="sort"
            extra="排序越大等级越高：会员只能购买排序比自己当前等级更大的等级。"
          >
            <InputNumber min={0} max={1000} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            label="购买价格（元）"
            name="price"
            rules={[zodRule(levelSaveInput.shape.price)]}
            extra="会员升级时只需补上与当前等级价格的差价；留空表示不设价格。"
          >
            <Input inputMode="decimal" prefix="¥" placeholder="不设价格" />
          </Form.Item>
          <Form.Item
            label="开放购买"
            name="buyable"
            valuePropName="checked"
            extra="开启后会员可在「我的等级」用余额购买。"
          >
            <Switch />
          </Form.Item>
          <Form.Item label="等级权益" name="description" rules={[zodRule(levelSaveInput.shape.description)]}>
            <Input.TextArea
              rows={4}
              maxLength={500}
              showCount
              placeholder={'每行一条，例如：\n全场商品 9 折\n专属客服'}
            />
          </Form.Item>
          <Form.Item
            label="设为默认等级"
            name="isDefault"
            valuePropName="checked"
            extra="默认等级只能有一个；设为默认后原默认等级自动取消。"
          >
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
