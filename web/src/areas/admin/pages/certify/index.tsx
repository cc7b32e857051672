import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Form,
  Image,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CertifyStatusLabels, type AdminCertifyRow, type CertifyStatus } from '@kapu/contract';
import {
  adminCertifyApprove,
  adminCertifyList,
  adminCertifyReject,
  adminCertifySaveSettings,
  adminCertifySettings,
} from '@/api/certify';
import { unwrap } from '@/app/http/unwrap';
import { useAction } from '@/hooks/use-action';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { adminKeys } from '@/api/keys';

type Filter = Exclude<CertifyStatus, 'none'>;
const COLOR: Record<CertifyStatus, string> = {
  none: 'default',
  pending: 'processing',
  reviewing: 'gold',
  passed: 'success',
  failed: 'error',
};

function ReviewQueue() {
  const [status, setStatus] = useState<Filter | undefined>('reviewing');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<AdminCertifyRow | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const list = useQuery({
    queryKey: adminKeys.certifyList(status, keyword, page),
    queryFn: () => unwrap(adminCertifyList({ status, keyword: keyword || undefined, page, pageSize: 20 })),
    placeholderData: keepPreviousData,
  });
  const approval = useAction({
    call: (row: AdminCertifyRow) => adminCertifyApprove(row.id),
    success: '已通过实名认证',
    invalidates: [adminKeys.certify],
  });
  const rejection = useAction({
    call: ({ id, reason }: { id: number; reason: string }) => adminCertifyReject(id, reason),
    success: '已驳回',
    invalidates: [adminKeys.certify],
    onSuccess: () => setRejecting(null),
  });
  const reject = (v: { reason: string }) => {
    if (rejecting) rejection.run({ id: rejecting.id, reason: v.reason.trim() });
  };
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          value={status}
          onChange={(v?: Filter) => {
            setStatus(v);
            setPage(1);
          }}
          options={(['reviewing', 'pending', 'passed', 'failed'] as Filter[]).map((k) => ({
            value: k,
            label: CertifyStatusLabels[k],
          }))}
          aria-label="认证状态"
        />
        <Input.Search
          allowClear
          placeholder="登录名 / 会员编号 / 姓名"
          style={{ width: 280 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
          enterButton="搜索"
        />
      </Space>
      <Table<AdminCertifyRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: status === 'reviewing' ? '没有待审核的实名认证' : '暂无实名认证记录' }}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '提交时间', dataIndex: 'createdAt', width: 170 },
          {
            title: '会员',
            key: 'user',
            render: (_v, r) => (
              <span>
                {r.loginName}
                <br />
                <Typography.Text type="secondary">{r.userNo}</Typography.Text>
              </span>
            ),
          },
          { title: '方式', dataIndex: 'providerText' },
          { title: '真实姓名', dataIndex: 'realName' },
          { title: '身份证号', dataIndex: 'idNumber' },
          {
            title: '证件照片',
            key: 'images',
            render: (_v, r) =>
              r.images.length ? (
                <Image.PreviewGroup>
                  {r.images.map((src) => (
                    <Image key={src} src={src} width={48} alt="证件照片" />
                  ))}
                </Image.PreviewGroup>
              ) : (
                '—'
              ),
          },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: CertifyStatus, r) => (
              <Space orientation="vertical" size={0}>
                <Tag color={COLOR[s]}>{r.statusText}</Tag>
                {r.reason && <Typography.Text type="danger">原因：{r.reason}</Typography.Text>}
                {r.reviewer && (
                  <Typography.Text type="secondary">
                    {r.reviewer} {r.updatedAt}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: '操作',
            key: 'op',
            render: (_v, r) =>
              r.status === 'reviewing' ? (
                <Space>
                  <Popconfirm
                    title={`确认 ${r.realName} 的实名资料无误并通过？`}
                    okText="通过"
                    cancelText="取消"
                    onConfirm={() => approval.confirm(r)}
                  >
                    <Button type="primary" size="small">
                      通过
                    </Button>
                  </Popconfirm>
                  <Button
                    danger
                    size="small"
                    onClick={() => {
                      form.resetFields();
                      setRejecting(r);
                    }}
                  >
                    驳回
                  </Button>
                </Space>
              ) : (
                '—'
              ),
          },
        ]}
      />
      <Modal
        open={rejecting !== null}
        title="驳回实名认证"
        okText="驳回"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        confirmLoading={rejection.isPending}
        onOk={() => form.submit()}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => void reject(v)} preserve={false}>
          <Form.Item
            name="reason"
            label="驳回原因（会员可见）"
            rules={[{ required: true, whitespace: true, message: '请填写驳回原因' }, { max: 200 }]}
          >
            <Input.TextArea maxLength={200} rows={3} placeholder="如：证件照片不清晰" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

interface SettingsForm {
  alipayEnabled: boolean;
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gateway: string;
}

function AlipaySettings() {
  const q = useQuery({
    queryKey: adminKeys.certifySettings,
    queryFn: () => unwrap(adminCertifySettings()),
  });
  const saving = useAction({
    call: adminCertifySaveSettings,
    success: '实名认证设置已保存',
    invalidates: [adminKeys.certifySettings],
  });
  const save = (v: SettingsForm) =>
    saving.run({ ...v, alipayEnabled: v.alipayEnabled ? 1 : 0, privateKey: v.privateKey ?? '' });
  if (q.isLoading || !q.data) return <Card loading />;
  const d = q.data;
  return (
    <Form<SettingsForm>
      layout="vertical"
      style={{ maxWidth: 640 }}
      initialValues={{
        alipayEnabled: d.alipayEnabled,
        appId: d.appId,
        privateKey: '',
        alipayPublicKey: d.alipayPublicKey,
        gateway: d.gateway,
      }}
      onFinish={save}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="支付宝身份验证（刷脸）"
        description="需在支付宝开放平台开通「身份验证」产品。未开启时会员只能提交人工审核。"
      />
      <Form.Item name="alipayEnabled" label="开启支付宝刷脸认证" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="appId" label="APPID">
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="privateKey" label="应用私钥" extra={d.privateKeySet ? '已设置；留空表示不修改' : '尚未设置'}>
        <Input.TextArea
          rows={3}
          placeholder={d.privateKeySet ? '已设置（不显示）' : 'PKCS#1 / PKCS#8，PEM 或纯 base64'}
          autoComplete="off"
        />
      </Form.Item>
      <Form.Item name="alipayPublicKey" label="支付宝公钥">
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item name="gateway" label="网关地址（留空为正式环境）">
        <Input placeholder="https://openapi.alipay.com/gateway.do" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving.isPending}>
        保存
      </Button>
    </Form>
  );
}

/** 实名审核：人工审核队列（通过 / 驳回）与支付宝刷脸认证设置。 */
export default function AdminCertifyPage() {
  const meta = useRouteMeta();
  return (
    <PageFrame title="实名审核" description={meta?.description}>
      <Card>
        <Tabs
          items={[
            { key: 'queue', label: '认证申请', children: <ReviewQueue /> },
            { key: 'settings', label: '支付宝刷脸设置', children: <AlipaySettings /> },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
