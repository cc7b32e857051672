import { useState } from 'react';
import { Button, Card, Descriptions, Drawer, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { type AdminLoginLog, type AdminMember, password as passwordSchema, PASSWORD_RULE } from '@kapu/contract';
import {
  forceMemberLogout,
  getMemberLevelOptions,
  getMemberLoginLogs,
  listMembers,
  resetMemberPassword,
  setMemberLevel,
  setMemberStatus,
} from '@/api/admin';
import { formatYuan } from '@/app/format';
import { Access } from '@/app/guards/access';
import { unwrap } from '@/app/http/unwrap';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { PageFrame } from '@/components/page-frame';
import { zodRule } from '@/components/zod-rule';
import { adminKeys } from '@/api/keys';

const EDIT = ['members.edit'];

/** 会员管理：搜索（含按等级筛选）、详情抽屉（含登录日志）、设置等级、禁用/启用、重置密码、强制下线。 */
export default function AdminMembersPage() {
  const meta = useRouteMeta();
  const [filter, setFilter] = useState<{ keyword?: string; status?: string; levelId?: number }>({});
  const [levelFor, setLevelFor] = useState<AdminMember | null>(null);
  const [levelForm] = Form.useForm<{ levelId: number }>();
  const [page, setPage] = useState(1);
  const [detail, setDetail] = useState<AdminMember | null>(null);
  const [resetFor, setResetFor] = useState<AdminMember | null>(null);
  const [resetForm] = Form.useForm<{ password: string }>();
  const list = useQuery({
    queryKey: adminKeys.memberList(filter, page),
    queryFn: () => unwrap(listMembers({ page, pageSize: 20, ...filter }), { toast: false }),
  });
  const logs = useQuery({
    queryKey: adminKeys.memberLogs(detail?.id),
    enabled: !!detail,
    queryFn: () => unwrap(getMemberLoginLogs(detail!.id), { toast: false }),
  });

  const statusChange = useAction({
    call: ({ m, next }: { m: AdminMember; next: 'active' | 'disabled' }) => setMemberStatus(m.id, next),
    success: (_data, { m, next }) =>
      next === 'disabled' ? `已禁用 ${m.loginName}，其登录已全部退出` : `已启用 ${m.loginName}`,
    invalidates: [adminKeys.members],
    onSuccess: (_data, { m, next }) => {
      if (detail?.id === m.id) setDetail({ ...m, status: next });
    },
  });
  const toggle = (m: AdminMember) => statusChange.act({ m, next: m.status === 'active' ? 'disabled' : 'active' });
  const passwordReset = useAction({
    call: ({ id, password }: { id: number; password: string }) => resetMemberPassword(id, password),
    success: '密码已重置，该会员需用新密码重新登录',
    invalidates: [adminKeys.members],
    onSuccess: () => {
      setResetFor(null);
      resetForm.resetFields();
    },
  });
  const reset = async () => {
    const { password } = await resetForm.validateFields();
    if (resetFor) await passwordReset.act({ id: resetFor.id, password });
  };
  const forceOut = useAction({ call: forceMemberLogout, success: '已强制下线', invalidates: [adminKeys.members] });
  const levelOptions = useQuery({
    queryKey: adminKeys.memberLevelOptions,
    queryFn: () => unwrap(getMemberLevelOptions(), { toast: false }),
  });
  const levelChange = useAction({
    call: ({ m, levelId }: { m: AdminMember; levelId: number }) => setMemberLevel(m.id, levelId),
    success: (r, { m }) => `已将 ${m.loginName} 的等级设为「${r.levelName}」`,
    invalidates: [adminKeys.members],
    onSuccess: (r, { m }) => {
      setLevelFor(null);
      if (detail?.id === m.id) setDetail({ ...detail, levelId: r.levelId, levelName: r.levelName });
    },
  });
  const saveLevel = async () => {
    const { levelId } = await levelForm.validateFields();
    if (levelFor) await levelChange.act({ m: levelFor, levelId });
  };

  const actions = (m: AdminMember) => (
    <Space size={4} wrap>
      <Button type="link" size="small" onClick={() => setDetail(m)}>
        详情
      </Button>
      <Access codes={EDIT}>
        <Popconfirm
          title={m.status === 'active' ? `确定禁用 ${m.loginName} 吗？` : `确定启用 ${m.loginName} 吗？`}
          description={m.status === 'active' ? '禁用后该会员会被立即退出登录。' : undefined}
          onConfirm={() => toggle(m)}
        >
          <Button type="link" size="small" danger={m.status === 'active'}>
            {m.status === 'active' ? '禁用' : '启用'}
          </Button>
        </Popconfirm>
        <Button type="link" size="small" onClick={() => setLevelFor(m)}>
          设置等级
        </Button>
        <Button type="link" size="small" onClick={() => setResetFor(m)}>
          重置密码
        </Button>
        <Popconfirm title={`让 ${m.loginName} 在所有设备上退出登录？`} onConfirm={() => forceOut.act(m.id)}>
          <Button type="link" size="small">
            强制下线
          </Button>
        </Popconfirm>
      </Access>
    </Space>
  );

  return (
    <PageFrame
      title="会员管理"
      description={meta?.description ?? '查找会员，查看资料与登录日志，禁用、重置密码或强制下线。'}
    >
      <Card>
        <Form
          layout="inline"
          onFinish={(v: { keyword?: string; status?: string; levelId?: number }) => (
            setPage(1),
            setFilter({ keyword: v.keyword?.trim() || undefined, status: v.status || undefined, levelId: v.levelId })
          )}
          style={{ marginBottom: 16, rowGap: 8 }}
        >
          <Form.Item name="keyword">
            <Input
              placeholder="登录名 / 会员编号 / 手机 / 邮箱 / 昵称"
              allowClear
              style={{ width: 280 }}
              aria-label="搜索会员"
            />
          </Form.Item>
          <Form.Item name="status">
            <Select
              placeholder="全部状态"
              allowClear
              style={{ width: 120 }}
              options={[
                { value: 'active', label: '正常' },
                { value: 'disabled', label: '已禁用' },
              ]}
            />
          </Form.Item>
          <Form.Item name="levelId">
            <Select
              placeholder="全部等级"
              allowClear
              style={{ width: 140 }}
              options={(levelOptions.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            搜索
          </Button>
        </Form>
        <Table<AdminMember>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data?.list ?? []}
          scroll={{ x: 1230 }}
          pagination={{
            current: page,
            pageSize: 20,
            total: list.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          columns={[
            { title: '会员编号', dataIndex: 'userNo', width: 130 },
            { title: '登录名', dataIndex: 'loginName', width: 130 },
            { title: '昵称', dataIndex: 'nickname', width: 140, ellipsis: true },
            { title: '手机', dataIndex: 'mobile', width: 120 },
            { title: '余额', dataIndex: 'balance', width: 100, render: (v: number) => formatYuan(v) },
            { title: '等级', dataIndex: 'levelName', width: 110 },
            {
              title: '状态',
              dataIndex: 'status',
              width: 80,
              render: (v: string) => (v === 'active' ? <Tag color="green">正常</Tag> : <Tag color="red">已禁用</Tag>),
            },
            { title: '最近登录', dataIndex: 'lastLoginAt', width: 160 },
            { title: '操作', key: 'actions', fixed: 'right', width: 380, render: (_v, m) => actions(m) },
          ]}
        />
      </Card>
      <Drawer
        open={!!detail}
        onClose={() => setDetail(null)}
        title={detail ? `会员 ${detail.loginName}` : ''}
        size={640}
      >
        {detail && (
          <>
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label="会员编号">{detail.userNo}</Descriptions.Item>
              <Descriptions.Item label="登录名">{detail.loginName}</Descriptions.Item>
              <Descriptions.Item label="昵称">{detail.nickname || '—'}</Descriptions.Item>
              <Descriptions.Item label="手机">{detail.mobile || '—'}</Descriptions.Item>
              <Descriptions.Item label="邮箱">{detail.email || '—'}</Descriptions.Item>
              <Descriptions.Item label="余额">{formatYuan(detail.balance)}</Descriptions.Item>
              <Descriptions.Item label="会员等级">{detail.levelName || '—'}</Descriptions.Item>
              <Descriptions.Item label="状态">
                {detail.status === 'active' ? <Tag color="green">正常</Tag> : <Tag color="red">已禁用</Tag>}
              </Descriptions.Item>
              <Descriptions.Item label="注册时间">{detail.createdAt}</Descriptions.Item>
              <Descriptions.Item label="最近登录">{detail.lastLoginAt || '—'}</Descriptions.Item>
            </Descriptions>
            <div style={{ margin: '16px 0' }}>{actions(detail)}</div>
            <h4>登录日志</h4>
            <Table<AdminLoginLog>
              rowKey={(r) => `${r.LoginTime}-${r.IP}-${r.userAgent}`}
              size="small"
              loading={logs.isLoading}
              dataSource={logs.data ?? []}
              pagination={{ pageSize: 10, showSizeChanger: false }}
              columns={[
                { title: '时间', dataIndex: 'LoginTime', width: 160 },
                { title: 'IP', dataIndex: 'IP', width: 130 },
                { title: '地址', dataIndex: 'Address' },
                { title: '设备', dataIndex: 'device', render: (v: string, r) => <span title={r.userAgent}>{v}</span> },
              ]}
            />
          </>
        )}
      </Drawer>
      <Modal
        open={!!levelFor}
        title={levelFor ? `设置 ${levelFor.loginName} 的会员等级` : ''}
        onCancel={() => setLevelFor(null)}
        onOk={() => void saveLevel()}
        confirmLoading={levelChange.isPending}
        okText="保存"
        destroyOnHidden
      >
        <Form form={levelForm} layout="vertical" initialValues={{ levelId: levelFor?.levelId }}>
          <Form.Item
            label="会员等级"
            name="levelId"
            rules={[{ required: true, message: '请选择会员等级' }]}
            extra={`当前等级：${levelFor?.levelName || '—'}。设置后立即按新等级计价，不扣费用，并记入操作日志。`}
          >
            <Select
              options={(levelOptions.data ?? []).map((l) => ({
                value: l.id,
                label: l.isDefault ? `${l.name}（默认）` : l.name,
              }))}
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={!!resetFor}
        title={resetFor ? `重置 ${resetFor.loginName} 的登录密码` : ''}
        onCancel={() => setResetFor(null)}
        onOk={() => void reset()}
        confirmLoading={passwordReset.isPending}
        okText="重置"
        destroyOnHidden
      >
        <Form form={resetForm} layout="vertical">
          <Form.Item
            label="新密码"
            name="password"
            rules={[zodRule(passwordSchema)]}
            extra={`${PASSWORD_RULE}；重置后该会员所有设备退出登录`}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </PageFrame>
  );
}
