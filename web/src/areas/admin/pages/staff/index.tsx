import { useState } from 'react';
import { Button, Card, Checkbox, Form, Input, Modal, Popconfirm, Select, Space, Table, Tabs, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  type AdminRole,
  type AdminStaff,
  ALL_STAFF_PERMISSIONS,
  PASSWORD_RULE,
  roleSaveInput,
  StaffPermissions,
  staffSaveInput,
} from '@kapu/contract';
import { deleteRole, deleteStaff, listRoles, listStaff, saveRole, saveStaff } from '@/api/admin';
import { unwrap } from '@/app/http/unwrap';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { PageFrame } from '@/components/page-frame';
import { zodRule } from '@/components/zod-rule';
import { adminKeys } from '@/api/keys';

const PERMISSION_OPTIONS = ALL_STAFF_PERMISSIONS.map((code) => ({ value: code, label: StaffPermissions[code] }));

interface StaffForm {
  id?: number;
  username: string;
  nickname?: string;
  password?: string;
  roleId?: number;
  status: 'active' | 'disabled';
}

/** 管理员与角色：管理员的新建、编辑、停用、删除；角色与权限勾选（标签来自 StaffPermissions）。 */
export default function AdminStaffPage() {
  const meta = useRouteMeta();
  const staff = useQuery({
    queryKey: adminKeys.staff,
    queryFn: () => unwrap(listStaff(), { toast: false }),
  });
  const roles = useQuery({
    queryKey: adminKeys.roles,
    queryFn: () => unwrap(listRoles(), { toast: false }),
  });
  const [staffEdit, setStaffEdit] = useState<Partial<StaffForm> | null>(null);
  const [roleEdit, setRoleEdit] = useState<Partial<AdminRole> | null>(null);
  const [staffForm] = Form.useForm<StaffForm>();
  const [roleForm] = Form.useForm<{ name: string; permissions: string[] }>();
  const changes = [adminKeys.staff, adminKeys.roles];
  const roleName = (id: number | null) => roles.data?.find((r) => r.id === id)?.name ?? '—';

  const staffSave = useAction({
    call: saveStaff,
    success: (_data, input) => (input.id ? '管理员已保存' : '管理员已创建'),
    invalidates: changes,
    onSuccess: () => setStaffEdit(null),
  });
  const submitStaff = async () => {
    const values = await staffForm.validateFields();
    await staffSave.act({ ...values, id: staffEdit?.id, password: values.password || undefined });
  };
  const roleSave = useAction({
    call: saveRole,
    success: '角色已保存',
    invalidates: changes,
    onSuccess: () => setRoleEdit(null),
  });
  const submitRole = async () => {
    const values = await roleForm.validateFields();
    await roleSave.act({ id: roleEdit?.id, name: values.name, permissions: values.permissions ?? [] });
  };
  const staffStatus = useAction({
    call: saveStaff,
    success: (_data, input) => (input.status === 'disabled' ? '已停用，其登录已退出' : '已启用'),
    invalidates: changes,
  });
  const toggleStaff = (s: AdminStaff) =>
    staffStatus.act({
      id: s.id,
      username: s.username,
      nickname: s.nickname,
      roleId: s.roleId ?? undefined,
      status: s.status === 'active' ? 'disabled' : 'active',
    });
  const staffDelete = useAction({ call: deleteStaff, success: '已删除', invalidates: changes });
  const roleDelete = useAction({ call: deleteRole, success: '已删除', invalidates: changes });

  return (
    <PageFrame title="管理员与角色" description={meta?.description ?? '后台账号与角色权限。'}>
      <Card>
        <Tabs
          items={[
            {
              key: 'staff',
              label: '管理员',
              children: (
                <>
                  <Button
                    type="primary"
                    style={{ marginBottom: 16 }}
                    onClick={() => (staffForm.resetFields(), setStaffEdit({ status: 'active' }))}
                  >
                    新建管理员
                  </Button>
                  <Table<AdminStaff>
                    rowKey="id"
                    loading={staff.isLoading}
                    dataSource={staff.data ?? []}
                    pagination={false}
                    scroll={{ x: 900 }}
                    columns={[
                      { title: '用户名', dataIndex: 'username', width: 130 },
                      { title: '昵称', dataIndex: 'nickname', width: 130 },
                      {
                        title: '角色',
                        dataIndex: 'roleId',
                        width: 120,
                        render: (v: number | null, r) => (r.isSuper ? <Tag color="gold">超级管理员</Tag> : roleName(v)),
                      },
                      {
                        title: '状态',
                        dataIndex: 'status',
                        width: 80,
                        render: (v: string) =>
                          v === 'active' ? <Tag color="green">正常</Tag> : <Tag color="red">已停用</Tag>,
                      },
                      {
                        title: '两步验证',
                        dataIndex: 'totpEnabled',
                        width: 90,
                        render: (v: boolean) => (v ? <Tag color="blue">已开启</Tag> : <Tag>未开启</Tag>),
                      },
                      { title: '最近登录', dataIndex: 'lastLoginAt', width: 160 },
                      {
                        title: '操作',
                        key: 'actions',
                        width: 200,
                        render: (_v, s) =>
                          s.isSuper ? (
                            <Tag>受保护</Tag>
                          ) : (
                            <Space size={4}>
                              <Button
                                type="link"
                                size="small"
                                onClick={() => (
                                  staffForm.setFieldsValue({
                                    username: s.username,
                                    nickname: s.nickname,
                                    roleId: s.roleId ?? undefined,
                                    status: s.status,
                                    password: '',
                                  }),
                                  setStaffEdit({ id: s.id })
                                )}
                              >
                                编辑
                              </Button>
                              <Popconfirm
                                title={s.status === 'active' ? '停用后该管理员立即退出登录，确定吗？' : '确定启用吗？'}
                                onConfirm={() => toggleStaff(s)}
                              >
                                <Button type="link" size="small" danger={s.status === 'active'}>
                                  {s.status === 'active' ? '停用' : '启用'}
                                </Button>
                              </Popconfirm>
                              <Popconfirm
                                title={`确定删除管理员 ${s.username} 吗？`}
                                onConfirm={() => staffDelete.act(s.id)}
                              >
                                <Button type="link" size="small" danger>
                                  删除
                                </Button>
                              </Popconfirm>
                            </Space>
                          ),
                      },
                    ]}
                  />
                </>
              ),
            },
            {
              key: 'roles',
              label: '角色',
              children: (
                <>
                  <Button
                    type="primary"
                    style={{ marginBottom: 16 }}
                    onClick={() => (roleForm.resetFields(), setRoleEdit({}))}
                  >
                    新建角色
                  </Button>
                  <Table<AdminRole>
                    rowKey="id"
                    loading={roles.isLoading}
                    dataSource={roles.data ?? []}
                    pagination={false}
                    columns={[
                      { title: '角色名', dataIndex: 'name', width: 160 },
                      {
                        title: '权限',
                        dataIndex: 'permissions',
                        render: (list: string[]) =>
                          list.map((p) => (
                            <Tag key={p}>{StaffPermissions[p as keyof typeof StaffPermissions] ?? p}</Tag>
                          )),
                      },
                      {
                        title: '操作',
                        key: 'actions',
                        width: 150,
                        render: (_v, r) => (
                          <Space size={4}>
                            <Button
                              type="link"
                              size="small"
                              onClick={() => (
                                roleForm.setFieldsValue({ name: r.name, permissions: r.permissions }),
                                setRoleEdit(r)
                              )}
                            >
                              编辑
                            </Button>
                            <Popconfirm title={`确定删除角色 ${r.name} 吗？`} onConfirm={() => roleDelete.act(r.id)}>
                              <Button type="link" size="small" danger>
                                删除
                              </Button>
                            </Popconfirm>
                          </Space>
                        ),
                      },
                    ]}
                  />
                </>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={!!staffEdit}
        title={staffEdit?.id ? '编辑管理员' : '新建管理员'}
        onCancel={() => setStaffEdit(null)}
        onOk={() => void submitStaff()}
        confirmLoading={staffSave.isPending}
        forceRender
      >
        <Form form={staffForm} layout="vertical">
          <Form.Item label="用户名" name="username" rules={[zodRule(staffSaveInput.shape.username)]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item label="昵称" name="nickname" rules={[zodRule(staffSaveInput.shape.nickname)]}>
            <Input />
          </Form.Item>
          <Form.Item
            label={staffEdit?.id ? '新密码（留空不修改）' : '密码'}
            name="password"
            rules={
              staffEdit?.id
                ? [zodRule(staffSaveInput.shape.password)]
                : [{ required: true, message: '请设置密码' }, zodRule(staffSaveInput.shape.password)]
            }
            extra={PASSWORD_RULE}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item label="角色" name="roleId">
            <Select
              allowClear
              placeholder="选择角色"
              options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            />
          </Form.Item>
          <Form.Item label="状态" name="status">
            <Select
              options={[
                { value: 'active', label: '正常' },
                { value: 'disabled', label: '停用' },
              ]}
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={!!roleEdit}
        title={roleEdit?.id ? '编辑角色' : '新建角色'}
        onCancel={() => setRoleEdit(null)}
        onOk={() => void submitRole()}
        confirmLoading={roleSave.isPending}
        forceRender
        width={600}
      >
        <Form form={roleForm} layout="vertical">
          <Form.Item label="角色名" name="name" rules={[zodRule(roleSaveInput.shape.name)]}>
            <Input />
          </Form.Item>
          <Form.Item label="权限" name="permissions">
            <Checkbox.Group
              options={PERMISSION_OPTIONS}
              style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 8 }}
            />
          </Form.Item>
        </Form>
      </Modal>
    </PageFrame>
  );
}
