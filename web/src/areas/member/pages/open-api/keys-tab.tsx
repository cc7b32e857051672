import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Modal, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { OPENAPI_SCOPES, OpenApiScopeLabels, type OpenApiKeyView, type OpenApiScope } from '@kapu/contract';
import {
  createOpenApiKey,
  enableOpenApiKey,
  getOpenApiKeys,
  revokeOpenApiKey,
  rotateOpenApiKey,
  setOpenApiKeyNoSalePwd,
  setOpenApiPush,
  updateOpenApiKey,
} from '@/api/openapi';
import { useSalePwdRequired } from '@/hooks/use-sale-pwd';
import { openApiKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { useAction } from '@/hooks/use-action';
import { SecretOnceModal, type OnceSecret } from '@/components/secret-once-modal';

interface KeyFormValues {
  name: string;
  scopes: OpenApiScope[];
  ipAllowlist?: string;
  pushUrl?: string;
}

const scopeOptions = OPENAPI_SCOPES.map((s) => ({ value: s, label: OpenApiScopeLabels[s] }));

/** 密钥管理：新建（密钥只显示一次）、编辑权限 / 白名单 / 推送地址、启停、重置、吊销。 */
export function KeysTab() {
  const keys = useQuery({ queryKey: openApiKeys.keys, queryFn: () => unwrap(getOpenApiKeys()) });
  const [secret, setSecret] = useState<OnceSecret | null>(null);
  const [editing, setEditing] = useState<OpenApiKeyView | 'new' | null>(null);
  const [form] = Form.useForm<KeyFormValues>();
  // API 下单免交易密码: the key and the state asked for, confirmed in a modal (with the sale password when set).
  // Kept after closing, so the closing dialog keeps its words.
  const [waiving, setWaiving] = useState<{ key: OpenApiKeyView; on: boolean } | null>(null);
  const [waiveOpen, setWaiveOpen] = useState(false);
  const [pwdForm] = Form.useForm<{ salePwd?: string }>();
  const salePwd = useSalePwdRequired('balancePay');

  const create = useAction({
    call: (v: KeyFormValues) => createOpenApiKey(v),
    invalidates: [openApiKeys.all],
    onSuccess: (r) => {
      setEditing(null);
      setSecret({ appId: r.appId, appSecret: r.appSecret });
    },
  });
  const update = useAction({
    call: (v: KeyFormValues & { id: number }) => updateOpenApiKey(v),
    success: '密钥设置已保存',
    invalidates: [openApiKeys.all],
    onSuccess: () => setEditing(null),
  });
  const push = useAction({
    call: (v: { appId: string; pushUrl: string }) => setOpenApiPush(v.appId, v.pushUrl),
    success: '推送地址已保存',
    invalidates: [openApiKeys.all],
    onSuccess: () => setEditing(null),
  });
  const enable = useAction({
    call: (v: { id: number; enabled: boolean }) => enableOpenApiKey(v.id, v.enabled),
    success: (_d, v) => (v.enabled ? '密钥已启用' : '密钥已停用'),
    invalidates: [openApiKeys.all],
  });
  const rotate = useAction({
    call: (id: number) => rotateOpenApiKey(id),
    invalidates: [openApiKeys.all],
    onSuccess: (r) => setSecret({ appId: r.appId, appSecret: r.appSecret }),
  });
  const waive = useAction({
    call: (v: { id: number; on: boolean; salePwd?: string }) => setOpenApiKeyNoSalePwd(v.id, v.on, v.salePwd),
    success: (_d, v) => (v.on ? '已开启 API 下单免交易密码' : '已关闭 API 下单免交易密码，API 下单须传交易密码'),
    invalidates: [openApiKeys.all],
    onSuccess: () => setWaiveOpen(false),
  });
  const confirmWaive = async () => {
    if (!waiving) return;
    const v = await pwdForm.validateFields();
    await waive.act({ id: waiving.key.id, on: waiving.on, salePwd: v.salePwd });
  };
  const revoke = useAction({
    call: (id: number) => revokeOpenApiKey(id),
    success: '密钥已吊销',
    invalidates: [openApiKeys.all],
  });

  const openEditor = (k: OpenApiKeyView | 'new') => {
    setEditing(k);
    form.setFieldsValue(
      k === 'new'
        ? { name: '', scopes: [...OPENAPI_SCOPES], ipAllowlist: '', pushUrl: '' }
        : { name: k.name, scopes: k.scopes, ipAllowlist: k.ipAllowlist.join('\n'), pushUrl: k.pushUrl },
    );
  };
  const save = async () => {
    const v = await form.validateFields();
    if (editing === 'new') await create.act(v);
    else if (editing?.isDefault) await push.act({ appId: editing.appId, pushUrl: v.pushUrl ?? '' });
    else if (editing) await update.act({ ...v, id: editing.id });
  };
  const isDefault = editing !== null && editing !== 'new' && editing.isDefault;

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Space wrap>
        <Button type="primary" onClick={() => openEditor('new')}>
          新建密钥
        </Button>
        <Typography.Text type="secondary">
          每个密钥有自己的 AppID、权限与 IP 白名单；AppSecret 只在新建或重置时显示一次。默认密钥在“账户设置”中开通。
        </Typography.Text>
      </Space>
      <Table<OpenApiKeyView>
        rowKey="appId"
        loading={keys.isFetching}
        dataSource={keys.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '还没有接口密钥：点击“新建密钥”生成一个，用它签名调用开放接口' }}
        columns={[
          {
            title: '名称',
            dataIndex: 'name',
            render: (v: string, r) => (
              <Space>
                {v}
                {r.isDefault && <Tag color="blue">默认</Tag>}
              </Space>
            ),
          },
          {
            title: 'AppID',
            dataIndex: 'appId',
            render: (v: string) => <Typography.Text copyable>{v}</Typography.Text>,
          },
          {
            title: '权限',
            dataIndex: 'scopes',
            render: (v: OpenApiScope[]) => v.map((s) => <Tag key={s}>{OpenApiScopeLabels[s]}</Tag>),
          },
          {
            title: 'IP 白名单',
            dataIndex: 'ipAllowlist',
            render: (v: string[]) => (v.length ? v.join('、') : '不限'),
          },
          { title: '商品推送', dataIndex: 'pushUrl', render: (v: string) => v || '未订阅' },
          {
            title: '状态',
            dataIndex: 'enabled',
            render: (v: boolean, r) =>
              r.isDefault ? (
                <Tag color={v ? 'green' : 'default'}>{v ? '启用' : '停用'}</Tag>
              ) : (
                <Switch
                  checked={v}
                  size="small"
                  aria-label={`${r.name} 启用状态`}
                  loading={enable.isPending}
                  onChange={(on) => enable.run({ id: r.id, enabled: on })}
                />
              ),
          },
          {
            title: 'API 下单免交易密码',
            dataIndex: 'noSalePwd',
            render: (v: boolean, r) => (
              <Switch
                checked={v}
                size="small"
                aria-label={`${r.name} API 下单免交易密码`}
                data-testid={`no-sale-pwd-${r.appId}`}
                onChange={(on) => {
                  pwdForm.resetFields();
                  setWaiving({ key: r, on });
                  setWaiveOpen(true);
                }}
              />
            ),
          },
          { title: '最近调用', dataIndex: 'lastUsedAt', render: (v: string) => v || '—' },
          {
            title: '操作',
            render: (_: unknown, r) => (
              <Space>
                <Button size="small" onClick={() => openEditor(r)}>
                  {r.isDefault ? '推送地址' : '编辑'}
                </Button>
                {!r.isDefault && (
                  <Popconfirm
                    title="重置这个密钥？"
                    description="旧密钥立即失效，新密钥只显示一次。"
                    okText="重置"
                    cancelText="取消"
                    onConfirm={() => rotate.confirm(r.id)}
                  >
                    <Button size="small">重置</Button>
                  </Popconfirm>
                )}
                {!r.isDefault && (
                  <Popconfirm
                    title="吊销这个密钥？"
                    description="吊销后该 AppID 永久失效，不能恢复。"
                    okText="吊销"
                    cancelText="取消"
                    onConfirm={() => revoke.confirm(r.id)}
                  >
                    <Button size="small" danger>
                      吊销
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新建接口密钥' : isDefault ? '默认密钥的商品推送地址' : '编辑接口密钥'}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        okText="保存"
        okButtonProps={{ loading: create.isPending || update.isPending || push.isPending }}
        forceRender
      >
        <Form form={form} layout="vertical">
          {!isDefault && (
            <>
              <Form.Item label="名称" name="name" rules={[{ required: true, message: '请填写密钥名称' }]}>
                <Input maxLength={30} placeholder="例如：我的发卡网" />
              </Form.Item>
              <Form.Item
                label="权限"
                name="scopes"
                rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一项权限' }]}
              >
                <Checkbox.Group options={scopeOptions} />
              </Form.Item>
              <Form.Item label="IP 白名单" name="ipAllowlist" extra="每行一个 IP，最多 20 个；留空表示不限制">
                <Input.TextArea rows={3} placeholder={'例如：\n203.0.113.10'} />
              </Form.Item>
            </>
          )}
          {editing !== 'new' && (
            <Form.Item
              label="商品推送地址"
              name="pushUrl"
              extra="商品价格、状态或库存变化时，向该地址 POST {goodsId, price, status, stock}（签名方式同请求），对方应答 ok；留空即取消订阅"
            >
              <Input placeholder="https://example.com/kapu/goods" maxLength={500} />
            </Form.Item>
          )}
          {editing === 'new' && <Alert type="info" showIcon title="保存后会显示一次 AppSecret，请立即复制保存。" />}
        </Form>
      </Modal>
      <Modal
        open={waiveOpen}
        title={waiving?.on ? '开启 API 下单免交易密码' : '关闭 API 下单免交易密码'}
        onCancel={() => setWaiveOpen(false)}
        onOk={() => void confirmWaive()}
        okText={waiving?.on ? '开启' : '关闭'}
        okButtonProps={{ loading: waive.isPending }}
        forceRender
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert
            type={waiving?.on ? 'warning' : 'info'}
            showIcon
            title={
              waiving?.on
                ? `开启后，使用密钥“${waiving.key.name}”的开放接口下单与 acg-faka 共享店铺对接下单不再需要交易密码（acg-faka 无法传递交易密码）。持有该密钥的人即可用您的余额下单，请妥善保管密钥。`
                : `关闭后，使用密钥“${waiving?.key.name ?? ''}”下单须在请求中传交易密码；acg-faka 共享店铺将无法下单。`
            }
          />
          <Form form={pwdForm} layout="vertical">
            {salePwd.required && (
              <Form.Item
                label="交易密码"
                name="salePwd"
                rules={[{ required: true, message: '请输入交易密码' }]}
                extra="修改此项需要验证您的交易密码"
              >
                <Input.Password maxLength={64} autoComplete="off" />
              </Form.Item>
            )}
          </Form>
        </Space>
      </Modal>
      <SecretOnceModal secret={secret} onClose={() => setSecret(null)} />
    </Space>
  );
}
