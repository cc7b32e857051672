import { useState } from 'react';
import { Button, Popconfirm, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { LoginLogRow, SessionView } from '@kapu/contract';
import { getLoginLogs, getSessions, logoutOtherSessions, revokeSession } from '@/api/account';
import { unwrap } from '@/app/http/unwrap';
import { accountKeys } from '@/api/keys';
import { useAction } from '@/hooks/use-action';

/** 登录设备：当前登录的会话，可退出其他设备或单个设备。 */
export function SessionsSection() {
  const sessions = useQuery({ queryKey: accountKeys.sessions, queryFn: () => unwrap(getSessions(), { toast: false }) });
  const logoutOthers = useAction({
    call: () => logoutOtherSessions(),
    success: (r) => `已退出其他 ${r.revokedSessions} 台设备`,
    invalidates: [accountKeys.sessions],
  });
  const revoking = useAction({ call: revokeSession, success: '该设备已退出登录', invalidates: [accountKeys.sessions] });
  const others = () => logoutOthers.act();
  const revoke = (id: number) => revoking.act(id);
  const otherCount = (sessions.data ?? []).filter((s) => !s.current).length;
  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 12 }}>
        <Typography.Text type="secondary">发现陌生设备时，请退出它并立即修改登录密码。</Typography.Text>
        <Popconfirm title="确定退出其他所有设备吗？" onConfirm={others} disabled={otherCount === 0}>
          <Button danger disabled={otherCount === 0} loading={logoutOthers.isPending}>
            退出其他设备
          </Button>
        </Popconfirm>
      </div>
      <Table<SessionView>
        rowKey="id"
        size="small"
        loading={sessions.isLoading}
        dataSource={sessions.data ?? []}
        pagination={false}
        scroll={{ x: 720 }}
        columns={[
          { title: 'IP', dataIndex: 'ip', width: 140 },
          { title: '地址', dataIndex: 'address', width: 160 },
          { title: '设备', dataIndex: 'device', render: (v: string, r) => <span title={r.userAgent}>{v}</span> },
          { title: '登录时间', dataIndex: 'createdAt', width: 170 },
          { title: '最近活动', dataIndex: 'lastSeenAt', width: 170 },
          {
            title: '操作',
            key: 'action',
            width: 110,
            render: (_v, row) =>
              row.current ? (
                <Tag color="blue">本设备</Tag>
              ) : (
                <Popconfirm title="确定让该设备退出登录吗？" onConfirm={() => revoke(row.id)}>
                  <Button type="link" danger size="small" loading={revoking.pendingInput === row.id}>
                    退出
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </>
  );
}

/** 登录日志：时间、IP 与归属地。 */
export function LoginLogSection() {
  const [page, setPage] = useState(1);
  const pageSize = 10;
  const logs = useQuery({
    queryKey: accountKeys.loginLogs(page),
    queryFn: () => unwrap(getLoginLogs({ page, pageSize }), { toast: false }),
  });
  return (
    <Table<LoginLogRow>
      rowKey={(row) => `${row.LoginTime}-${row.IP}-${row.userAgent}`}
      size="small"
      loading={logs.isLoading}
      dataSource={logs.data?.list ?? []}
      scroll={{ x: 640 }}
      pagination={{ current: page, pageSize, total: logs.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      columns={[
        { title: '登录时间', dataIndex: 'LoginTime', width: 170 },
        { title: 'IP', dataIndex: 'IP', width: 150 },
        { title: '地址', dataIndex: 'Address', width: 180 },
        { title: '设备', dataIndex: 'device', render: (v: string, r) => <span title={r.userAgent}>{v}</span> },
      ]}
    />
  );
}
