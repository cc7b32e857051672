import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Image, Input, Modal, Row, Space, Table, Typography, Upload } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AuditEntry, SiteProfileView } from '@kapu/contract';
import { uploadFile } from '@/api/account';
import { getSiteAuditLog, getSiteProfile, saveSiteProfile, setSiteOpen, type SiteProfileForm } from '@/api/sites';
import { siteKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { AuditChangesModal } from '@/components/audit-changes';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { SiteAddress, SiteStatusTag } from '../../lib/site-view';

const formOf = (p: SiteProfileView): SiteProfileForm => ({
  title: p.title,
  subtitle: p.subtitle,
  logo: p.logo,
  keywords: p.keywords,
  description: p.description,
  ...p.contacts,
});

/** The logo: upload an image, see it, remove it. */
function LogoField({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  const upload = useAction({
    call: uploadFile,
    success: 'Logo 已上传',
    onSuccess: (r) => onChange?.(r.url),
  });
  return (
    <Space align="start">
      {value ? (
        <Image src={value} width={96} height={96} style={{ objectFit: 'contain' }} alt="分站 Logo" />
      ) : (
        <Typography.Text type="secondary">未设置</Typography.Text>
      )}
      <Space orientation="vertical">
        <Upload
          accept="image/png,image/jpeg,image/gif,image/webp"
          showUploadList={false}
          customRequest={({ file }) => upload.run(file as Blob)}
        >
          <Button loading={upload.isPending}>上传图片</Button>
        </Upload>
        {value && (
          <Button type="link" danger onClick={() => onChange?.('')} style={{ padding: 0 }}>
            移除
          </Button>
        )}
      </Space>
    </Space>
  );
}

/** Open or close the storefront; closing asks for the notice buyers see. */
function OpenState({ profile }: { profile: SiteProfileView }) {
  const [closing, setClosing] = useState(false);
  const [form] = Form.useForm<{ reason?: string }>();
  const toggle = useAction({
    call: ({ open, reason }: { open: boolean; reason?: string }) => setSiteOpen(open, reason),
    success: (_d, { open }) => (open ? '分站已开启' : '分站已关闭'),
    invalidates: [siteKeys.all],
    onSuccess: () => setClosing(false),
  });
  const fixed = profile.status === 'suspended' || profile.status === 'expired';
  return (
    <Card title="营业状态">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space>
          <SiteStatusTag status={profile.status} text={profile.statusText} />
          {profile.closedReason && <Typography.Text type="secondary">{profile.closedReason}</Typography.Text>}
        </Space>
        {profile.status === 'expired' && (
          <Alert type="warning" showIcon title={<Link to="/inside/selfCreatVip">分站已到期，续费后恢复营业</Link>} />
        )}
        {profile.status === 'suspended' && <Alert type="error" showIcon title="分站已被平台暂停，请联系客服" />}
        {!fixed &&
          (profile.status === 'active' ? (
            <Button danger onClick={() => setClosing(true)}>
              暂停营业
            </Button>
          ) : (
            <Button type="primary" loading={toggle.isPending} onClick={() => toggle.run({ open: true })}>
              恢复营业
            </Button>
          ))}
      </Space>
      <Modal
        open={closing}
        title="暂停营业"
        okText="确认关闭"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        confirmLoading={toggle.isPending}
        onOk={() => form.submit()}
        onCancel={() => setClosing(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => toggle.run({ open: false, reason: v.reason?.trim() })}>
          <Form.Item name="reason" label="关闭说明（买家可见）" rules={[{ max: 200 }]}>
            <Input.TextArea rows={3} maxLength={200} placeholder="如：店铺盘点中，明天恢复营业" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

const AUDIT_PAGE_SIZE = 10;

/** 操作记录: this site's edits (price rules, shelf, customers, settings), newest first; only this site's. */
function SiteAuditLog() {
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<AuditEntry | null>(null);
  const log = useQuery({
    queryKey: siteKeys.auditLog(page),
    queryFn: () => unwrap(getSiteAuditLog(page, AUDIT_PAGE_SIZE)),
  });
  return (
    <Card title="操作记录" id="audit">
      <Typography.Paragraph type="secondary">
        本分站的加价规则、上架与下架、目录、下级版本价格、客户专属价与禁用、分站资料与营业状态、路径与域名的每一次修改。
      </Typography.Paragraph>
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        loading={log.isLoading}
        dataSource={log.data?.list ?? []}
        scroll={{ x: 760 }}
        locale={{ emptyText: '暂无操作记录' }}
        pagination={{
          current: page,
          pageSize: AUDIT_PAGE_SIZE,
          total: log.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 170 },
          { title: '操作人', dataIndex: 'staffName', width: 160 },
          { title: '动作', dataIndex: 'actionText', width: 160 },
          { title: '对象', dataIndex: 'targetText', width: 180 },
          { title: 'IP', dataIndex: 'ip', width: 130 },
          {
            title: '数据',
            key: 'view',
            width: 90,
            render: (_v, r) => (
              <Button type="link" size="small" onClick={() => setViewing(r)}>
                前后对比
              </Button>
            ),
          },
        ]}
      />
      <AuditChangesModal entry={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}

/** 分站设置：名称、网页标题、Logo、关键词与描述、客服联系方式，营业状态与访问地址。 */
export default function WebSitePage() {
  const meta = useRouteMeta();
  const profile = useQuery({ queryKey: siteKeys.profile, queryFn: () => unwrap(getSiteProfile()) });
  const saving = useAction({ call: saveSiteProfile, success: '分站设置已保存', invalidates: [siteKeys.all] });
  const p = profile.data;
  return (
    <PageFrame title="分站设置" description={meta?.description}>
      {!p ? (
        <Card loading />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={15}>
            <Card title="基本资料">
              <Form<SiteProfileForm>
                layout="vertical"
                initialValues={formOf(p)}
                onFinish={(v) => saving.run(v)}
                disabled={p.status === 'suspended'}
              >
                <Form.Item
                  name="title"
                  label="分站名称"
                  rules={[
                    { required: true, whitespace: true, message: '请填写分站名称' },
                    { max: 50, message: '分站名称不能超过 50 个字符' },
                  ]}
                >
                  <Input maxLength={50} />
                </Form.Item>
                <Form.Item name="subtitle" label="网页标题" extra="显示在浏览器标签上，留空则使用分站名称">
                  <Input maxLength={100} />
                </Form.Item>
                <Form.Item name="logo" label="Logo">
                  <LogoField />
                </Form.Item>
                <Form.Item name="keywords" label="关键词" extra="多个关键词用逗号分隔，便于搜索引擎收录">
                  <Input maxLength={200} />
                </Form.Item>
                <Form.Item name="description" label="站点描述">
                  <Input.TextArea rows={3} maxLength={500} showCount />
                </Form.Item>
                <Typography.Title level={5}>客服联系方式</Typography.Title>
                <Row gutter={16}>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="qq"
                      label="QQ"
                      rules={[{ pattern: /^[1-9]\d{4,11}$/, message: 'QQ 号格式不正确' }]}
                    >
                      <Input maxLength={12} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="wechat" label="微信">
                      <Input maxLength={50} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item
                      name="phone"
                      label="电话"
                      rules={[{ pattern: /^[\d+\- ]{5,20}$/, message: '电话格式不正确' }]}
                    >
                      <Input maxLength={20} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12}>
                    <Form.Item name="email" label="邮箱" rules={[{ type: 'email', message: '邮箱格式不正确' }]}>
                      <Input maxLength={100} />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item name="text" label="客服说明">
                  <Input maxLength={200} placeholder="如：工作日 9:00-21:00 在线" />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={saving.isPending}>
                  保存设置
                </Button>
              </Form>
            </Card>
          </Col>
          <Col xs={24} lg={9}>
            <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
              <OpenState profile={p} />
              <Card title="访问地址" extra={<Link to="/vip/pagePath">修改路径与域名</Link>}>
                <Space orientation="vertical" size={4}>
                  {p.addresses.map((a) => (
                    <SiteAddress key={a} address={a} />
                  ))}
                </Space>
              </Card>
            </Space>
          </Col>
          <Col span={24}>
            <SiteAuditLog />
          </Col>
        </Row>
      )}
    </PageFrame>
  );
}
