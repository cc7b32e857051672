import { useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, List, Skeleton, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import {
  askAsMember,
  askAsVisitor,
  myConsult,
  myConsults,
  replyMyConsult,
  replyVisitorConsult,
  visitorConsult,
  type ConsultAskForm,
} from '@/api/service';
import { serviceKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { readUserToken } from '@/app/storage/local';
import { siteUrl } from '@/app/site-base';
import { ConsultMessages } from '@/components/consult-messages';
import { LoadFailed } from '@/components/load-failed';
import { useAction } from '@/hooks/use-action';
import { useStoredSession } from '@/hooks/use-stored-session';
import type { ConsultDetail } from '@kapu/contract';

const STATUS_COLORS: Record<string, string> = { waiting: 'orange', answered: 'green', closed: 'default' };

function Thread({
  detail,
  onReply,
  replying,
}: {
  detail: ConsultDetail;
  onReply: (content: string) => Promise<boolean>;
  replying: boolean;
}) {
  const [content, setContent] = useState('');
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Tag color={STATUS_COLORS[detail.status]}>{detail.statusText}</Tag>
        <Typography.Text type="secondary">提交于 {detail.createdAt}</Typography.Text>
        {detail.orderNo && <Typography.Text type="secondary">订单 {detail.orderNo}</Typography.Text>}
      </Space>
      <ConsultMessages messages={detail.messages} />
      {detail.status === 'waiting' && <Alert type="info" showIcon title="客服会尽快回复，请稍后刷新查看。" />}
      {detail.canReply ? (
        <Space.Compact style={{ width: '100%' }}>
          <Input.TextArea
            value={content}
            onChange={(e) => setContent(e.target.value)}
            maxLength={1000}
            autoSize={{ minRows: 1, maxRows: 5 }}
            placeholder="继续追问"
          />
          <Button
            type="primary"
            loading={replying}
            disabled={!content.trim()}
            onClick={() => void onReply(content.trim()).then((ok) => ok && setContent(''))}
          >
            发送
          </Button>
        </Space.Compact>
      ) : (
        <Typography.Text type="secondary">该咨询已结束，如有新问题请重新提交。</Typography.Text>
      )}
    </Space>
  );
}

function VisitorThread({ token }: { token: string }) {
  const detail = useQuery({
    queryKey: serviceKeys.visitor(token),
    queryFn: () => unwrap(visitorConsult(token)),
    retry: false,
  });
  const replying = useAction({ call: replyVisitorConsult, success: '已发送', invalidates: [serviceKeys.all] });
  if (detail.isError) return <LoadFailed title="咨询不存在或链接已失效" onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Skeleton active />;
  return (
    <Thread
      detail={detail.data}
      replying={replying.isPending}
      onReply={async (content) => (await replying.act({ token, content })).ok}
    />
  );
}

function MemberThread({ id }: { id: number }) {
  const detail = useQuery({ queryKey: serviceKeys.myDetail(id), queryFn: () => unwrap(myConsult(id)), retry: false });
  const replying = useAction({ call: replyMyConsult, success: '已发送', invalidates: [serviceKeys.all] });
  if (detail.isError) return <LoadFailed title="咨询加载失败" onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Skeleton active />;
  return (
    <Thread
      detail={detail.data}
      replying={replying.isPending}
      onReply={async (content) => (await replying.act({ id, content })).ok}
    />
  );
}

function MyConsults({ open, onOpen }: { open: number | null; onOpen: (id: number) => void }) {
  const list = useQuery({ queryKey: serviceKeys.mine(1), queryFn: () => unwrap(myConsults(1, 20)) });
  if (list.isError) return <LoadFailed title="我的咨询加载失败" onRetry={() => void list.refetch()} />;
  return (
    <List
      loading={list.isFetching}
      dataSource={list.data?.list ?? []}
      locale={{ emptyText: <Empty description="你还没有提交过咨询" /> }}
      renderItem={(c) => (
        <List.Item
          actions={[
            <Typography.Link key="open" onClick={() => onOpen(c.id)}>
              {open === c.id ? '正在查看' : '查看'}
            </Typography.Link>,
          ]}
        >
          <List.Item.Meta
            title={
              <Space>
                <Tag color={STATUS_COLORS[c.status]}>{c.statusText}</Tag>
                {c.preview}
              </Space>
            }
            description={`${c.lastAt}${c.orderNo ? ` · 订单 ${c.orderNo}` : ''}`}
          />
        </List.Item>
      )}
    />
  );
}

/** 在线咨询：会员与游客向客服提问（可关联订单），查看客服回复；游客凭链接查看。 */
export function ConsultSection() {
  const member = useStoredSession(readUserToken) !== null;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('consult') ?? '';
  const [openId, setOpenId] = useState<number | null>(null);
  const [form] = Form.useForm<ConsultAskForm>();
  const asking = useAction({
    call: (f: ConsultAskForm) => (member ? askAsMember(f) : askAsVisitor(f)),
    success: '已提交，客服会尽快回复',
    invalidates: [serviceKeys.all],
    onSuccess: (r) => {
      form.resetFields();
      if (r.token) navigate(`/service?consult=${r.token}`, { replace: true });
      else setOpenId(r.id);
    },
  });
  const link = token ? `${window.location.origin}${siteUrl(`/service?consult=${token}`)}` : '';
  return (
    <Card title="在线咨询" style={{ marginTop: 16 }}>
      {token && (
        <Card size="small" type="inner" title="我的咨询" style={{ marginBottom: 16 }}>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title="请保存本页链接，凭链接查看客服回复"
            description={<Typography.Text copyable>{link}</Typography.Text>}
          />
          <VisitorThread token={token} />
        </Card>
      )}
      {member && (
        <Card size="small" type="inner" title="我的咨询" style={{ marginBottom: 16 }}>
          <MyConsults open={openId} onOpen={setOpenId} />
          {openId && (
            <div style={{ marginTop: 12 }}>
              <MemberThread id={openId} />
            </div>
          )}
        </Card>
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ orderNo: params.get('orderNo') ?? '' }}
        onFinish={(v) => asking.run(v)}
        style={{ maxWidth: 640 }}
      >
        <Form.Item
          name="content"
          label="你的问题"
          rules={[{ required: true, whitespace: true, message: '请填写咨询内容' }]}
        >
          <Input.TextArea
            maxLength={1000}
            showCount
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder="请描述你的问题"
          />
        </Form.Item>
        <Form.Item
          name="orderNo"
          label="相关订单号（选填）"
          rules={[{ pattern: /^\d{17,40}$/, message: '订单号格式不正确' }]}
        >
          <Input placeholder="与订单有关时填写" />
        </Form.Item>
        {!member && (
          <Form.Item name="contact" label="联系方式（选填，QQ、手机或邮箱）">
            <Input maxLength={64} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={asking.isPending}>
          提交咨询
        </Button>
      </Form>
    </Card>
  );
}
