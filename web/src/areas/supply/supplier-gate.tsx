import type { ReactNode } from 'react';
import { Alert, Button, Card, Checkbox, Descriptions, Form, Input, Result, Skeleton, Typography } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { supplierApplyInput, type MySupplier } from '@kapu/contract';
import { applySupplier, getMySupplier, type SupplierApplyForm } from '@/api/supply';
import { supplyKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { LoadFailed } from '@/components/load-failed';
import { PageFrame } from '@/components/page-frame';
import { zodRule } from '@/components/zod-rule';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';

const shape = supplierApplyInput.shape;
const percent = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

/** The application form (first time, or again after a rejection). */
function ApplyForm({ me }: { me: MySupplier }) {
  const apply = useAction({
    call: applySupplier,
    success: '申请已提交，请等待平台审核',
    invalidates: [supplyKeys.all],
  });
  return (
    <Form<SupplierApplyForm>
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={{ contact: me.contact, intro: me.intro, agree: false }}
      onFinish={(v) => apply.run(v)}
    >
      <Form.Item
        label="联系方式"
        name="contact"
        rules={[zodRule(shape.contact)]}
        extra="QQ、微信或手机号，平台审核与结算时联系你"
      >
        <Input maxLength={60} placeholder="例如：QQ 123456" />
      </Form.Item>
      <Form.Item label="经营内容" name="intro" rules={[zodRule(shape.intro)]}>
        <Input.TextArea
          rows={4}
          maxLength={500}
          showCount
          placeholder="你要供应哪些商品（点卡、话费直充、代充服务、实物…），货源与发货能力"
        />
      </Form.Item>
      <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-line', fontSize: 13 }}>
        {me.agreement.join('\n')}
      </Typography.Paragraph>
      <Form.Item name="agree" valuePropName="checked" rules={[zodRule(shape.agree)]}>
        <Checkbox>我已阅读并同意《供货商协议》</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={apply.isPending}>
        提交申请
      </Button>
    </Form>
  );
}

/** What a member who is not an active supplier sees on a /supply page: the way in, or where their application stands. */
function NotSupplier({ me }: { me: MySupplier }) {
  const meta = useRouteMeta();
  const terms = `平台佣金 ${percent(me.commissionBp)}（按供货价计），结算周期 T+${me.holdDays} 天`;
  return (
    <PageFrame title={meta?.title ?? '供货管理'}>
      <Card>
        {me.status === 'pending' ? (
          <Result
            status="info"
            title="供货商申请审核中"
            subTitle={`提交于 ${me.appliedAt}，平台审核通过后即可发布商品、导入卡密。`}
            extra={
              <Descriptions column={1} size="small" style={{ maxWidth: 480, margin: '0 auto', textAlign: 'left' }}>
                <Descriptions.Item label="联系方式">{me.contact}</Descriptions.Item>
                <Descriptions.Item label="经营内容">{me.intro}</Descriptions.Item>
              </Descriptions>
            }
          />
        ) : me.status === 'suspended' ? (
          <Result
            status="warning"
            title="你的供货资格已被暂停"
            subTitle={`原因：${me.reason || '未说明'}。暂停期间商品已下架，已产生的结算照常冻结和解冻；如有疑问请联系客服。`}
          />
        ) : (
          <>
            <Result
              icon={<ShopOutlined style={{ color: '#1677ff' }} />}
              title={me.status === 'rejected' ? '你的供货商申请未通过' : '成为供货商'}
              subTitle={
                me.status === 'rejected'
                  ? `原因：${me.reason || '未说明'}。可以修改资料后重新申请。`
                  : `在平台发布你的卡密、直充、代充与实物商品，平台与所有分站帮你销售。${terms}。`
              }
            />
            {me.status === 'rejected' && <Alert type="info" showIcon message={terms} style={{ marginBottom: 16 }} />}
            <ApplyForm me={me} />
          </>
        )}
      </Card>
    </PageFrame>
  );
}

/**
 * Only active suppliers open a /supply page; other members see the application form or where their
 * application stands, and the page (with its calls) never mounts. The shell wraps every /supply route in it.
 */
export function SupplierGate({ children }: { children: ReactNode }) {
  const me = useQuery({ queryKey: supplyKeys.me, queryFn: () => unwrap(getMySupplier()) });
  if (me.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (me.isError) return <LoadFailed onRetry={() => void me.refetch()} />;
  return me.data.status === 'active' ? children : <NotSupplier me={me.data} />;
}
