import { useState } from 'react';
import {
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SITE_STATUSES, SiteStatusLabels, type AdminSiteRow, type SiteStatus } from '@kapu/contract';
import {
  adminRemoveSiteDomain,
  adminSiteList,
  getSitesSettings,
  resumeSite,
  saveSitesSettings,
  suspendSite,
} from '@/api/sites';
import { adminKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { SiteStatusTag } from '@/areas/vip/lib/site-view';

function SiteList() {
  const [status, setStatus] = useState<SiteStatus | undefined>();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [suspending, setSuspending] = useState<AdminSiteRow | null>(null);
  const [form] = Form.useForm<{ reason?: string }>();
  const query = { status, keyword: keyword || undefined, page, pageSize: 20 };
  const list = useQuery({
    queryKey: adminKeys.siteList(query),
    queryFn: () => unwrap(adminSiteList(query)),
    placeholderData: keepPreviousData,
  });
  const suspend = useAction({
    call: ({ id, reason }: { id: number; reason?: string }) => suspendSite(id, reason),
    success: '分站已暂停',
    invalidates: [adminKeys.sites],
    onSuccess: () => setSuspending(null),
  });
  const resume = useAction({ call: resumeSite, success: '分站已恢复', invalidates: [adminKeys.sites] });
  const removeDomain = useAction({
    call: adminRemoveSiteDomain,
    success: '域名已删除',
    invalidates: [adminKeys.sites],
  });
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          value={status}
          onChange={(v?: SiteStatus) => {
            setStatus(v);
            setPage(1);
          }}
          options={SITE_STATUSES.map((s) => ({ value: s, label: SiteStatusLabels[s] }))}
          aria-label="分站状态"
        />
        <Input.Search
          allowClear
          placeholder="分站名称 / 路径 / 域名 / 站长登录名或编号"
          style={{ width: 320 }}
          enterButton="搜索"
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
      </Space>
      <Table<AdminSiteRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: '还没有分站' }}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage }}
        columns={[
          {
            title: '分站',
            key: 'site',
            render: (_v, r) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{r.title}</Typography.Text>
                <Typography.Link href={`/${r.path}/`} target="_blank" rel="noreferrer">
                  /{r.path}/
                </Typography.Link>
              </Space>
            ),
          },
          {
            title: '站长',
            key: 'owner',
            render: (_v, r) =>
              r.owner ? (
                <span>
                  {r.owner.loginName}
                  <br />
                  <Typography.Text type="secondary">{r.owner.userNo}</Typography.Text>
                </span>
              ) : (
                '—'
              ),
          },
          {
            title: '上级',
            key: 'parent',
            render: (_v, r) =>
              r.depth <= 1 ? <Typography.Text type="secondary">平台</Typography.Text> : r.parentTitle,
          },
          {
            title: '版本',
            key: 'version',
            render: (_v, r) => (
              <span>
                {r.versionName || '—'}
                {r.periodText && <Typography.Text type="secondary">（{r.periodText}）</Typography.Text>}
              </span>
            ),
          },
          { title: '到期时间', dataIndex: 'expiresAt', render: (v: string | null) => v ?? '永久' },
          {
            title: '域名',
            key: 'domains',
            render: (_v, r) =>
              r.domains.length === 0 ? (
                '—'
              ) : (
                <Space orientation="vertical" size={2}>
                  {r.domains.map((d) => (
                    <Space key={d.id} size={4}>
                      <span>{d.host}</span>
                      {!d.verified && <Tag color="warning">待验证</Tag>}
                      <Popconfirm
                        title={`删除域名 ${d.host}？`}
                        okText="删除"
                        cancelText="取消"
                        onConfirm={() => removeDomain.confirm(d.id)}
                      >
                        <Button type="link" size="small" danger style={{ padding: 0 }}>
                          删除
                        </Button>
                      </Popconfirm>
                    </Space>
                  ))}
                </Space>
              ),
          },
          {
            title: '状态',
            key: 'status',
            render: (_v, r) => (
              <Space orientation="vertical" size={0}>
                <SiteStatusTag status={r.status} text={r.statusText} />
                {r.closedReason && <Typography.Text type="secondary">{r.closedReason}</Typography.Text>}
              </Space>
            ),
          },
          { title: '开通时间', dataIndex: 'createdAt', width: 170 },
          {
            title: '操作',
            key: 'op',
            render: (_v, r) =>
              r.status === 'suspended' ? (
                <Popconfirm title="恢复该分站？" okText="恢复" cancelText="取消" onConfirm={() => resume.confirm(r.id)}>
                  <Button size="small" type="primary">
                    恢复
                  </Button>
                </Popconfirm>
              ) : r.status === 'expired' ? (
                '—'
              ) : (
                <Button
                  size="small"
                  danger
                  onClick={() => {
                    form.resetFields();
                    setSuspending(r);
                  }}
                >
                  暂停
                </Button>
              ),
          },
        ]}
      />
      <Modal
        open={suspending !== null}
        title={`暂停分站「${suspending?.title ?? ''}」`}
        okText="暂停"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        confirmLoading={suspend.isPending}
        onOk={() => form.submit()}
        onCancel={() => setSuspending(null)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          暂停后买家无法访问该分站，站长也不能修改设置，数据保留。
        </Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => suspending && suspend.run({ id: suspending.id, reason: v.reason?.trim() || undefined })}
        >
          <Form.Item name="reason" label="暂停原因（站长可见）" rules={[{ max: 200 }]}>
            <Input.TextArea rows={3} maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

interface SettingsForm {
  platformDomains: string;
  freezeDays: number;
  graceDays: number;
}

function SitesSettingsPanel() {
  const settings = useQuery({ queryKey: adminKeys.sitesSettings, queryFn: () => unwrap(getSitesSettings()) });
  const saving = useAction({
    call: saveSitesSettings,
    success: '分站设置已保存',
    invalidates: [adminKeys.sitesSettings],
  });
  const s = settings.data;
  if (!s) return <Card loading />;
  return (
    <Form<SettingsForm>
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={{
        platformDomains: s.platformDomains.join('\n'),
        freezeDays: s.freezeDays,
        graceDays: s.graceDays,
      }}
      onFinish={(v) => saving.run(v)}
    >
      <Form.Item
        name="platformDomains"
        label="平台域名"
        extra="每行一个，如 kapu.com。开通了二级域名功能的站长可以使用「前缀.平台域名」访问分站（需把 *.平台域名 泛解析到本服务器）；第一个域名也是独立域名 CNAME 的指向。"
      >
        <Input.TextArea rows={4} placeholder={'kapu.com\nkapu.cn'} />
      </Form.Item>
      <Form.Item
        name="freezeDays"
        label="利润冻结天数"
        extra="分站利润（订单差价、下级开通差价）冻结多少天后转入站长余额"
        rules={[{ required: true, message: '请输入天数' }]}
      >
        <InputNumber min={0} max={365} precision={0} addonAfter="天" />
      </Form.Item>
      <Form.Item
        name="graceDays"
        label="到期宽限天数"
        extra="分站到期后继续开放的天数，期满后分站关闭（数据保留，续费即恢复）"
        rules={[{ required: true, message: '请输入天数' }]}
      >
        <InputNumber min={0} max={90} precision={0} addonAfter="天" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving.isPending}>
        保存设置
      </Button>
    </Form>
  );
}

/** 分站管理：分站列表（搜索、站长、到期、域名、暂停 / 恢复）与平台域名、冻结与宽限天数设置。 */
export default function AdminSitesPage() {
  const meta = useRouteMeta();
  return (
    <PageFrame title="分站管理" description={meta?.description}>
      <Card>
        <Tabs
          items={[
            { key: 'list', label: '分站列表', children: <SiteList /> },
            { key: 'settings', label: '分站设置', children: <SitesSettingsPanel /> },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
