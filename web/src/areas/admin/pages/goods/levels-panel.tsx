import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { type Level, levelSaveInput } from '@kapu/contract';
import { adminDeleteLevel, adminSaveLevel } from '@/api/catalog';
import { useAction } from '@/hooks/use-action';
import { zodRule } from '@/components/zod-rule';
import { adminKeys, catalogKeys } from '@/api/keys';

interface LevelForm {
  id?: number;
  name: string;
  sort?: number;
  isDefault?: boolean;
}

/** Member levels: goods carry a price per level; new members start on the default level. */
export function LevelsPanel({ levels }: { levels: Level[] }) {
  const [form] = Form.useForm<LevelForm>();
  const [open, setOpen] = useState(false);
  // A level changes the admin's goods meta and the store's prices.
  const changes = [adminKeys.catalogMeta, catalogKeys.all];

  const edit = (level?: Level) => {
    form.resetFields();
    form.setFieldsValue(
      level
        ? { id: level.id, name: level.name, sort: level.sort, isDefault: level.isDefault }
        : { sort: (levels.at(-1)?.sort ?? 0) + 1, isDefault: false },
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
    await saving.act({ id: values.id, name: values.name, sort: values.sort ?? 0, isDefault: values.isDefault ? 1 : 0 });
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
        <span style={{ color: 'rgba(0,0,0,0.45)' }}>商品可按等级设置价格；新注册会员进入默认等级。</span>
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
          { title: '排序', dataIndex: 'sort', width: 100 },
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
          <Form.Item label="排序（越小越靠前）" name="sort">
            <InputNumber min={0} max={1000} style={{ width: '100%' }} />
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
