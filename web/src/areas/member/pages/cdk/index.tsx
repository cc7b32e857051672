import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CDK_GIFT_MAX, CdkStatusLabels, type CdkFresh, type CdkStatus, type MyCdkRow } from '@kapu/contract';
import { createMyCdk, getMyCdks, revealMyCdk, voidMyCdk } from '@/api/cdk';
import { accountKeys, cdkKeys } from '@/api/keys';
import { copyText } from '@/app/clipboard';
import { feedback } from '@/app/feedback';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { PageFrame } from '@/components/page-frame';
import { useAccount } from '@/hooks/use-account';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { useSalePwdRequired } from '@/hooks/use-sale-pwd';
import { CdkStatusTag } from '@/areas/cdk/lib/cdk-preview';
import { CdkTermsFields, termsOf, type CdkTermsValues } from '@/areas/cdk/lib/terms-fields';

/** A link as people share it: this site's address and the code's short path (the code after #). */
const absolute = (link: string) => `${window.location.origin}${link}`;

async function copyCode(c: CdkFresh) {
  const ok = await copyText(`兑换码：${c.code}\n兑换链接：${absolute(c.link)}`);
  if (ok) feedback().message.success('兑换码和链接已复制');
  else feedback().message.warning('无法自动复制，请手动选中复制');
}

/** The codes just made (or one opened again): each with its link and a copy button. */
function FreshCodes({ codes, onClose }: { codes: CdkFresh[] | null; onClose: () => void }) {
  return (
    <Modal
      open={!!codes}
      title="兑换码已生成"
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={
        <Button type="primary" onClick={onClose}>
          完成
        </Button>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="把兑换码或兑换链接发给对方即可；之后也可以在列表里点“复制”再次查看。"
      />
      <Space orientation="vertical" style={{ width: '100%' }}>
        {(codes ?? []).map((c) => (
          <Card size="small" key={c.id}>
            <Space orientation="vertical" size={2} style={{ width: '100%' }}>
              <Typography.Text strong code className="cdk-fresh-code">
                {c.code}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ wordBreak: 'break-all', fontSize: 12 }}>
                {absolute(c.link)}
              </Typography.Text>
              <Button size="small" icon={<CopyOutlined />} onClick={() => void copyCode(c)}>
                复制兑换码和链接
              </Button>
            </Space>
          </Card>
        ))}
      </Space>
    </Modal>
  );
}

/** 我的兑换码：用余额生成礼品兑换码（站长可为自己的分站生成），复制、查看使用情况，作废未使用的兑换码退回余额。 */
export default function CdkPage() {
  const meta = useRouteMeta();
  const isMobile = useLayoutStore((s) => s.isMobile);
  const account = useAccount();
  const owner = account.data?.access.includes('vip') ?? false;
  const salePwd = useSalePwdRequired('balancePay');
  const [form] = Form.useForm<CdkTermsValues & { forSite?: boolean; salePwd?: string }>();
  const [status, setStatus] = useState<CdkStatus>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [shown, setShown] = useState<CdkFresh[] | null>(null);
  const list = useQuery({
    queryKey: cdkKeys.mine(status, page, pageSize),
    queryFn: () => unwrap(getMyCdks({ status, page, pageSize })),
    placeholderData: keepPreviousData,
  });
  const create = useAction({
    call: (v: CdkTermsValues & { forSite?: boolean; salePwd?: string }) =>
      createMyCdk({ ...termsOf(v), forSite: v.forSite, salePwd: v.salePwd }),
    success: (r) => `已生成 ${r.codes.length} 个兑换码，余额支付 ${formatYuan(r.paid)}`,
    invalidates: [cdkKeys.all, accountKeys.account],
    onSuccess: (r) => {
      setShown(r.codes);
      form.resetFields(['salePwd']);
    },
  });
  const reveal = useAction({ call: (id: number) => revealMyCdk(id), onSuccess: (c) => setShown([c]) });
  const voiding = useAction({
    call: (id: number) => voidMyCdk(id),
    success: (r) => `已作废，退回 ${formatYuan(r.refunded)} 到余额`,
    invalidates: [cdkKeys.all, accountKeys.account],
  });
  return (
    <PageFrame title="我的兑换码" description={meta?.description}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card title="生成兑换码">
          <Form
            form={form}
            layout={isMobile ? 'vertical' : 'horizontal'}
            labelCol={isMobile ? undefined : { span: 5 }}
            wrapperCol={isMobile ? undefined : { span: 16 }}
            initialValues={{ kind: 'balance', forSite: false }}
            onFinish={create.run}
          >
            <CdkTermsFields maxCount={CDK_GIFT_MAX} maxUses={100} />
            {owner && (
              <Form.Item
                label="为我的分站生成"
                name="forSite"
                valuePropName="checked"
                extra="开启后商品按分站进货价计费，只能在你的分站兑换"
              >
                <Switch />
              </Form.Item>
            )}
            {salePwd.required && (
              <Form.Item label="交易密码" name="salePwd" rules={[{ required: true, message: '请输入交易密码' }]}>
                <Input.Password maxLength={64} style={{ width: 200 }} autoComplete="off" />
              </Form.Item>
            )}
            <Form.Item wrapperCol={isMobile ? undefined : { offset: 5, span: 16 }}>
              <Space wrap>
                <Button type="primary" htmlType="submit" loading={create.isPending}>
                  用余额生成
                </Button>
                <Typography.Text type="secondary">
                  当前余额 {formatYuan(account.data?.balance ?? 0)}；商品按你的购买价计费，余额码按面值计费
                </Typography.Text>
              </Space>
            </Form.Item>
          </Form>
        </Card>
        <Card
          title="兑换码列表"
          extra={
            <Select<CdkStatus>
              allowClear
              placeholder="全部状态"
              style={{ width: 140 }}
              value={status}
              onChange={(v) => {
                setStatus(v);
                setPage(1);
              }}
              options={Object.entries(CdkStatusLabels).map(([value, label]) => ({ value, label }))}
            />
          }
        >
          <Table<MyCdkRow>
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data?.list ?? []}
            scroll={isMobile ? undefined : { x: 'max-content' }}
            size={isMobile ? 'small' : 'middle'}
            locale={{
              emptyText: status
                ? `没有${CdkStatusLabels[status]}的兑换码`
                : '你还没有生成过兑换码：在上方选择商品或面值，用余额生成后可发给好友兑换',
            }}
            pagination={{
              current: page,
              pageSize,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (t) => `共 ${t} 个`,
              onChange: (p, s) => {
                setPage(p);
                setPageSize(s);
              },
            }}
            columns={[
              {
                title: '兑换码',
                dataIndex: 'masked',
                render: (v: string, r) => (
                  <div>
                    <Typography.Text code>{v}</Typography.Text>
                    <div style={{ fontSize: 12, color: '#999' }}>
                      {r.kindText}
                      {r.forSite ? ` · 分站：${r.siteTitle}` : ''}
                    </div>
                  </div>
                ),
              },
              {
                title: '内容',
                render: (_: unknown, r) =>
                  r.kind === 'goods' ? `${r.goodsName} × ${r.quantity}` : `余额 ${formatYuan(r.amount)}`,
              },
              { title: '已兑换', render: (_: unknown, r) => `${r.used} / ${r.uses}` },
              { title: '花费', dataIndex: 'paid', align: 'right', render: (v: number) => formatYuan(v) },
              {
                title: '状态',
                dataIndex: 'status',
                render: (v: CdkStatus, r) => <CdkStatusTag status={v} text={r.statusText} />,
              },
              { title: '有效期至', dataIndex: 'expiresAt', render: (v: string) => v || '长期有效' },
              { title: '生成时间', dataIndex: 'createdAt' },
              {
                title: '操作',
                render: (_: unknown, r) => (
                  <Space>
                    {r.status === 'active' && (
                      <Button
                        size="small"
                        icon={<CopyOutlined />}
                        loading={reveal.pendingInput === r.id}
                        onClick={() => reveal.run(r.id)}
                      >
                        复制
                      </Button>
                    )}
                    {r.canVoid && (
                      <Popconfirm
                        title="作废这个兑换码？"
                        description={`未使用的 ${r.uses - r.used} 次将退回 ${formatYuan(
                          (r.paid / r.uses) * (r.uses - r.used),
                        )} 到余额，作废后不能再兑换。`}
                        okText="作废"
                        cancelText="取消"
                        onConfirm={() => voiding.confirm(r.id)}
                      >
                        <Button size="small" danger loading={voiding.pendingInput === r.id}>
                          作废
                        </Button>
                      </Popconfirm>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      </Space>
      <FreshCodes codes={shown} onClose={() => setShown(null)} />
    </PageFrame>
  );
}
