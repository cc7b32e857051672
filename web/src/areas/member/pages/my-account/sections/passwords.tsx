import { Alert, Button, Checkbox, Divider, Form, Input, Switch, Typography } from 'antd';
import {
  PASSWORD_RULE,
  SALE_PWD_RULE,
  SaleOps,
  salePwd,
  setNewSalePwdInput,
  updateLoginPwdInput,
  type AccountSecurityView,
  type SaleOp,
} from '@kapu/contract';
import { setNewSalePwd, setSalePwd, setSalePwdStatus, updateFrontLoginPwd } from '@/api/account';
import { feedback } from '@/app/feedback';
import { zodRule } from '@/components/zod-rule';
import { useAction } from '@/hooks/use-action';
import { ACCOUNT_CHANGES } from '../use-security';

/** 修改登录密码：需要原密码；成功后其他设备上的登录全部退出。 */
export function LoginPasswordSection() {
  const [form] = Form.useForm<{ oldPassword: string; newPassword: string; confirm: string }>();
  const change = useAction({
    call: updateFrontLoginPwd,
    onSuccess: (data) => {
      form.resetFields();
      feedback().modal.confirm({
        title: '登录密码已修改',
        content:
          data.revokedSessions > 0
            ? `其他 ${data.revokedSessions} 台设备上的登录已全部退出，本设备保持登录。`
            : '其他设备上的登录已全部退出，本设备保持登录。',
        okText: '知道了',
        cancelButtonProps: { style: { display: 'none' } },
      });
    },
  });
  const save = (values: { oldPassword: string; newPassword: string }) => {
    const parsed = updateLoginPwdInput.safeParse(values);
    if (parsed.success) change.run(parsed.data);
  };
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={save}>
      <Form.Item label="原密码" name="oldPassword" rules={[zodRule(updateLoginPwdInput.shape.oldPassword)]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label="新密码"
        name="newPassword"
        rules={[zodRule(updateLoginPwdInput.shape.newPassword)]}
        extra={PASSWORD_RULE}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirm"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: async (_r, value: string | undefined) => {
              if (value && value !== getFieldValue('newPassword')) throw new Error('两次输入的密码不一致');
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Alert type="info" showIcon title="修改成功后，其他设备上的登录会被强制退出。" style={{ marginBottom: 16 }} />
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        修改登录密码
      </Button>
    </Form>
  );
}

const SALE_OP_OPTIONS = (Object.keys(SaleOps) as SaleOp[]).map((op) => ({ label: SaleOps[op], value: op }));

/** 交易密码：设置/修改（凭登录密码）、开关（凭交易密码）、需要交易密码的操作（ops 重复键）。 */
export function SalePasswordSection({ security }: { security: AccountSecurityView }) {
  const [setForm] = Form.useForm<{ password: string; newSalePwd: string }>();
  const [statusForm] = Form.useForm<{ enabled: boolean; salePwd: string }>();
  const [opsForm] = Form.useForm<{ ops: SaleOp[]; salePwd: string }>();
  const setNew = useAction({
    call: setNewSalePwd,
    success: security.salePwdSet ? '交易密码已修改' : '交易密码已设置并开启',
    invalidates: ACCOUNT_CHANGES,
    onSuccess: () => setForm.resetFields(),
  });
  const setStatus = useAction({
    call: setSalePwdStatus,
    success: (_data, values) => (values.enabled ? '交易密码已开启' : '交易密码已关闭'),
    invalidates: ACCOUNT_CHANGES,
    onSuccess: () => statusForm.resetFields(['salePwd']),
  });
  const setOps = useAction({
    call: (values: { ops: SaleOp[]; salePwd: string }) =>
      setSalePwd({ ops: values.ops ?? [], salePwd: values.salePwd }),
    success: '已保存需要交易密码的操作',
    invalidates: ACCOUNT_CHANGES,
    onSuccess: () => opsForm.resetFields(['salePwd']),
  });

  return (
    <div style={{ maxWidth: 520 }}>
      <Typography.Paragraph type="secondary">
        交易密码用于余额支付、转账、提现等资金操作，为 6 位数字，且不能与登录密码相同。
      </Typography.Paragraph>
      <Typography.Title level={5}>{security.salePwdSet ? '修改交易密码' : '设置交易密码'}</Typography.Title>
      <Form form={setForm} layout="vertical" onFinish={setNew.run}>
        <Form.Item label="登录密码" name="password" rules={[zodRule(setNewSalePwdInput.shape.password)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="新交易密码" name="newSalePwd" rules={[zodRule(salePwd)]} extra={SALE_PWD_RULE}>
          <Input.Password maxLength={6} inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={setNew.isPending}>
          {security.salePwdSet ? '修改交易密码' : '设置交易密码'}
        </Button>
      </Form>
      {security.salePwdSet && (
        <>
          <Divider />
          <Typography.Title level={5}>开启或关闭</Typography.Title>
          <Form
            form={statusForm}
            layout="vertical"
            onFinish={setStatus.run}
            initialValues={{ enabled: security.salePwdEnabled }}
            key={`status-${security.salePwdEnabled}`}
          >
            <Form.Item label="交易密码保护" name="enabled" valuePropName="checked">
              <Switch checkedChildren="开启" unCheckedChildren="关闭" />
            </Form.Item>
            <Form.Item label="当前交易密码" name="salePwd" rules={[zodRule(salePwd)]}>
              <Input.Password maxLength={6} inputMode="numeric" autoComplete="off" />
            </Form.Item>
            <Button htmlType="submit" loading={setStatus.isPending}>
              保存开关
            </Button>
          </Form>
          <Divider />
          <Typography.Title level={5}>需要交易密码的操作</Typography.Title>
          <Form
            form={opsForm}
            layout="vertical"
            onFinish={setOps.run}
            initialValues={{ ops: security.salePwdOps }}
            key={`ops-${security.salePwdOps.join(',')}`}
          >
            <Form.Item name="ops">
              <Checkbox.Group options={SALE_OP_OPTIONS} />
            </Form.Item>
            <Form.Item label="当前交易密码" name="salePwd" rules={[zodRule(salePwd)]}>
              <Input.Password maxLength={6} inputMode="numeric" autoComplete="off" />
            </Form.Item>
            <Button htmlType="submit" loading={setOps.isPending}>
              保存操作设置
            </Button>
          </Form>
        </>
      )}
    </div>
  );
}
