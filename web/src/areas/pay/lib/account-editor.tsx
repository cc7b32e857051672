import type { GatewayInfo, PaymentAccountView } from '@kapu/contract';
import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, Select, Space, Switch, Tag } from 'antd';
import type { PaymentAccountForm } from '@/api/admin-payments';

/**
 * The editor of one gateway account, shared by staff (the platform's accounts) and site owners
 * (their own, decision 0010): the gateway's settings as its fields say, secrets write-only (an
 * empty one keeps what is stored).
 */
export const CLIENT_TEXT = { all: '全部终端', pc: '电脑端', mobile: '手机端' } as const;

export interface AccountEditorValues {
  gateway: string;
  name: string;
  displayName?: string;
  icon?: string;
  client: 'pc' | 'mobile' | 'all';
  feeRate: number;
  sort: number;
  enabled: boolean;
  config: Record<string, string>;
}

/** The stored settings with secrets emptied: saving them back keeps the stored secrets. */
export function keptConfigOf(a: PaymentAccountView): Record<string, string> {
  const secrets = new Set(a.fields.filter((f) => f.secret).map((f) => f.key));
  return Object.fromEntries(Object.entries(a.config).map(([k, v]) => [k, secrets.has(k) ? '' : v]));
}

/** The editor's values for an account as stored. */
export function editorValuesOf(a: PaymentAccountView): AccountEditorValues {
  return {
    gateway: a.gateway,
    name: a.name,
    displayName: a.displayName,
    icon: a.icon,
    client: a.client,
    feeRate: a.feeRate,
    sort: a.sort,
    enabled: a.enabled === 1,
    config: keptConfigOf(a),
  };
}

/** What the save call sends for the editor's values. */
export function accountFormOf(v: AccountEditorValues, id?: number): PaymentAccountForm {
  return {
    id,
    gateway: v.gateway,
    name: v.name.trim(),
    displayName: v.displayName?.trim(),
    icon: v.icon?.trim(),
    client: v.client,
    feeRate: v.feeRate,
    sort: v.sort,
    enabled: v.enabled ? 1 : 0,
    config: JSON.stringify(v.config ?? {}),
  };
}

/** A save of the account as it is, switched on or off. */
export function switchedFormOf(a: PaymentAccountView, on: boolean): PaymentAccountForm {
  return accountFormOf({ ...editorValuesOf(a), enabled: on }, a.id);
}

/** The account's secrets as 已设置 / 未设置 tags (the values never reach the browser). */
export function SecretTags({ account }: { account: PaymentAccountView }) {
  const secrets = account.fields.filter((f) => f.secret);
  if (!secrets.length) return <>—</>;
  return (
    <Space wrap>
      {secrets.map((f) => (
        <Tag key={f.key} color={account.config[f.key] === '已设置' ? 'green' : 'red'}>
          {f.label}：{account.config[f.key]}
        </Tag>
      ))}
    </Space>
  );
}

interface EditorProps {
  /** The account being edited, 'new', or null (closed). */
  editing: PaymentAccountView | 'new' | null;
  gateways: readonly GatewayInfo[];
  /** The gateway a new account starts with. */
  defaultGateway: string;
  saving: boolean;
  onSave: (form: PaymentAccountForm) => void;
  onCancel: () => void;
  /** Names in the titles: 支付账户 (staff), 收款账户 (owners). */
  noun?: string;
}

export function PaymentAccountEditor({
  editing,
  gateways,
  defaultGateway,
  saving,
  onSave,
  onCancel,
  noun = '支付账户',
}: EditorProps) {
  const [form] = Form.useForm<AccountEditorValues>();
  const gateway = Form.useWatch('gateway', form);
  const fields = gateways.find((g) => g.name === gateway)?.fields ?? [];
  const isEdit = editing !== null && editing !== 'new';
  // Each opening starts from the account as stored (or a new one's defaults), once the form is mounted.
  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    form.setFieldsValue(
      editing === 'new'
        ? { gateway: defaultGateway, name: '', client: 'all', feeRate: 0, sort: 10, enabled: false, config: {} }
        : editorValuesOf(editing),
    );
  }, [editing, defaultGateway, form]);
  return (
    <Modal
      open={editing !== null}
      title={isEdit ? `编辑${noun}` : `添加${noun}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      width={640}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => onSave(accountFormOf(v, isEdit ? editing.id : undefined))}
        preserve={false}
      >
        <Form.Item name="gateway" label="支付网关" rules={[{ required: true, message: '请选择支付网关' }]}>
          <Select disabled={isEdit} options={gateways.map((g) => ({ value: g.name, label: g.label }))} />
        </Form.Item>
        <Space wrap style={{ width: '100%' }}>
          <Form.Item
            name="name"
            label="账户名称"
            rules={[{ required: true, whitespace: true, message: '请填写账户名称' }, { max: 40 }]}
          >
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="displayName" label="前台显示名称" rules={[{ max: 40 }]}>
            <Input maxLength={40} placeholder="如：支付宝" />
          </Form.Item>
        </Space>
        <Space wrap style={{ width: '100%' }}>
          <Form.Item name="client" label="适用终端">
            <Select
              style={{ width: 140 }}
              options={(Object.keys(CLIENT_TEXT) as Array<keyof typeof CLIENT_TEXT>).map((k) => ({
                value: k,
                label: CLIENT_TEXT[k],
              }))}
            />
          </Form.Item>
          <Form.Item name="feeRate" label="费率（万分之，60 = 0.6%）">
            <InputNumber min={0} max={2000} precision={0} />
          </Form.Item>
          <Form.Item name="sort" label="排序">
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="icon" label="图标地址">
          <Input maxLength={255} placeholder="/uploads/… 或 https://…" />
        </Form.Item>
        {fields.map((f) => {
          const stored = isEdit ? editing.config[f.key] : undefined;
          return (
            <Form.Item
              key={f.key}
              name={['config', f.key]}
              label={f.label}
              extra={f.secret ? `密钥只写不读（当前：${stored ?? '未设置'}），留空则保留原值` : undefined}
              rules={
                f.required && !f.secret
                  ? [{ required: true, whitespace: true, message: `请填写${f.label}` }]
                  : undefined
              }
            >
              {f.options ? (
                <Select allowClear options={f.options.map((o) => ({ value: o, label: o }))} />
              ) : f.secret ? (
                <Input.TextArea
                  rows={2}
                  placeholder={stored === '已设置' ? '已设置（留空不修改）' : f.placeholder}
                  autoComplete="off"
                />
              ) : (
                <Input placeholder={f.placeholder} />
              )}
            </Form.Item>
          );
        })}
      </Form>
    </Modal>
  );
}
