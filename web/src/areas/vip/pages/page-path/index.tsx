import {
  App as AntdApp,
  Alert,
  Button,
  Card,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CONFIRM_WIDTH, SITE_PATH_REGEX, type SiteDomainView, type SitePathView } from '@kapu/contract';
import {
  addOwnDomain,
  addSubdomain,
  checkOwnDomain,
  getSitePathInfo,
  removeSiteDomain,
  saveSitePath,
} from '@/api/sites';
import { siteKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';

function PathCard({ info }: { info: SitePathView }) {
  const { modal } = AntdApp.useApp();
  const [form] = Form.useForm<{ path: string }>();
  const saving = useAction({ call: saveSitePath, success: '访问路径已修改', invalidates: [siteKeys.all] });
  const save = (v: { path: string }) => {
    const path = v.path.trim().toLowerCase();
    if (path === info.path) return;
    modal.confirm({
      title: '修改访问路径',
      content: `修改后旧地址 /${info.path}/ 将立即失效，已分享出去的链接需要更新。确定改为 /${path}/ 吗？`,
      okText: '确定修改',
      cancelText: '取消',
      width: CONFIRM_WIDTH,
      onOk: () => saving.confirm(path),
    });
  };
  return (
    <Card title="访问路径">
      <Form form={form} layout="inline" initialValues={{ path: info.path }} onFinish={save}>
        <Form.Item
          name="path"
          rules={[
            { required: true, whitespace: true, message: '请填写访问路径' },
            {
              validator: (_r, v: string) =>
                !v || SITE_PATH_REGEX.test(v.trim().toLowerCase())
                  ? Promise.resolve()
                  : Promise.reject(new Error('3-32 位小写字母、数字或短横线，且不能以短横线开头或结尾')),
            },
          ]}
        >
          <Input addonBefore={`${window.location.host}/`} addonAfter="/" maxLength={32} style={{ width: 360 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving.isPending}>
          保存
        </Button>
      </Form>
      <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
        当前地址：
        <Typography.Link href={`/${info.path}/`} target="_blank" rel="noreferrer">
          {window.location.host}/{info.path}/
        </Typography.Link>
      </Typography.Paragraph>
    </Card>
  );
}

function DomainTable({ domains }: { domains: SiteDomainView[] }) {
  const checking = useAction({
    call: checkOwnDomain,
    success: '检测通过，域名已生效',
    invalidates: [siteKeys.all],
  });
  const removing = useAction({ call: removeSiteDomain, success: '域名已删除', invalidates: [siteKeys.all] });
  return (
    <Table<SiteDomainView>
      rowKey="id"
      size="small"
      dataSource={domains}
      pagination={false}
      locale={{ emptyText: '还没有绑定域名' }}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          title: '域名',
          dataIndex: 'host',
          render: (h: string, d) =>
            d.verified ? (
              <Typography.Link href={`//${h}/`} target="_blank" rel="noreferrer">
                {h}
              </Typography.Link>
            ) : (
              h
            ),
        },
        { title: '类型', dataIndex: 'kind', render: (k: string) => (k === 'subdomain' ? '二级域名' : '独立域名') },
        {
          title: '状态',
          key: 'state',
          render: (_v, d) => (d.verified ? <Tag color="success">已生效</Tag> : <Tag color="warning">待验证</Tag>),
        },
        {
          title: '解析设置',
          key: 'dns',
          render: (_v, d) =>
            d.kind === 'custom' ? (
              <Space orientation="vertical" size={0}>
                <span>
                  TXT 记录{' '}
                  <Typography.Text code copyable>
                    {d.txtName}
                  </Typography.Text>{' '}
                  值{' '}
                  <Typography.Text code copyable>
                    {d.txtValue}
                  </Typography.Text>
                </span>
                {d.cnameTarget && (
                  <span>
                    CNAME 记录 <Typography.Text code>{d.host}</Typography.Text> 指向{' '}
                    <Typography.Text code copyable>
                      {d.cnameTarget}
                    </Typography.Text>
                  </span>
                )}
                {d.checkedAt && <Typography.Text type="secondary">上次检测：{d.checkedAt}</Typography.Text>}
              </Space>
            ) : (
              <Typography.Text type="secondary">无需设置</Typography.Text>
            ),
        },
        {
          title: '操作',
          key: 'op',
          render: (_v, d) => (
            <Space>
              {!d.verified && (
                <Button
                  size="small"
                  type="primary"
                  loading={checking.pendingInput === d.id}
                  onClick={() => checking.run(d.id)}
                >
                  检测
                </Button>
              )}
              <Popconfirm
                title="删除该域名？"
                description="删除后通过该域名将无法访问分站"
                okText="删除"
                cancelText="取消"
                onConfirm={() => removing.confirm(d.id)}
              >
                <Button size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            </Space>
          ),
        },
      ]}
    />
  );
}

function AddDomains({ info }: { info: SitePathView }) {
  const [subForm] = Form.useForm<{ label: string; platformDomain: string }>();
  const [ownForm] = Form.useForm<{ host: string }>();
  const addingSub = useAction({
    call: addSubdomain,
    success: '二级域名已生效',
    invalidates: [siteKeys.all],
    onSuccess: () => subForm.resetFields(['label']),
  });
  const addingOwn = useAction({
    call: addOwnDomain,
    success: '已添加，请按提示设置解析后点击检测',
    invalidates: [siteKeys.all],
    onSuccess: () => ownForm.resetFields(),
  });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {info.subdomainAllowed && info.platformDomains.length > 0 ? (
        <Form
          form={subForm}
          layout="inline"
          initialValues={{ platformDomain: info.platformDomains[0] }}
          onFinish={(v) => addingSub.run({ label: v.label.trim().toLowerCase(), platformDomain: v.platformDomain })}
        >
          <Form.Item
            name="label"
            label="二级域名"
            rules={[
              { required: true, whitespace: true, message: '请填写前缀' },
              { pattern: /^(?!-)[a-zA-Z0-9-]{1,63}(?<!-)$/, message: '只能包含字母、数字和短横线' },
            ]}
          >
            <Input placeholder="如 myshop" maxLength={63} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="platformDomain">
            <Select style={{ width: 200 }} options={info.platformDomains.map((d) => ({ value: d, label: `.${d}` }))} />
          </Form.Item>
          <Button htmlType="submit" loading={addingSub.isPending}>
            添加
          </Button>
        </Form>
      ) : (
        <Typography.Text type="secondary">
          {info.subdomainAllowed ? '平台还没有设置可用于二级域名的主域名' : '当前版本不支持二级域名，'}
          {!info.subdomainAllowed && <Link to="/inside/selfCreatVip">升级版本</Link>}
        </Typography.Text>
      )}
      {info.ownDomainAllowed ? (
        <Form form={ownForm} layout="inline" onFinish={(v) => addingOwn.run(v.host.trim())}>
          <Form.Item name="host" label="独立域名" rules={[{ required: true, whitespace: true, message: '请填写域名' }]}>
            <Input placeholder="如 shop.example.com" maxLength={253} style={{ width: 260 }} />
          </Form.Item>
          <Button htmlType="submit" loading={addingOwn.isPending}>
            添加
          </Button>
        </Form>
      ) : (
        <Typography.Text type="secondary">
          当前版本不支持绑定独立域名，<Link to="/inside/selfCreatVip">升级版本</Link>
        </Typography.Text>
      )}
    </Space>
  );
}

/** 访问路径：修改分站路径，添加二级域名与独立域名（按提示添加 TXT 解析后检测生效）。 */
export default function PagePathPage() {
  const meta = useRouteMeta();
  const info = useQuery({ queryKey: siteKeys.pathInfo, queryFn: () => unwrap(getSitePathInfo()) });
  const data = info.data;
  return (
    <PageFrame title="访问路径" description={meta?.description}>
      {!data ? (
        <Card loading />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <PathCard info={data} />
          <Card title="域名">
            <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
              <Alert
                type="info"
                showIcon
                title="绑定独立域名"
                description="添加域名后，在域名服务商处添加表中的 TXT 记录（证明域名归你所有）和 CNAME 记录（把访问指向本平台），解析生效后点击「检测」。"
              />
              <AddDomains info={data} />
              <DomainTable domains={data.domains} />
            </Space>
          </Card>
        </Space>
      )}
    </PageFrame>
  );
}
