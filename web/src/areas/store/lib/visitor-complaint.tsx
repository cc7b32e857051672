import { useState } from 'react';
import { App, Alert, Button, Card, Input, Skeleton, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  arbitrateVisitorComplaint,
  openVisitorComplaint,
  replyVisitorComplaint,
  uploadVisitorEvidence,
  visitorComplaint,
  withdrawVisitorComplaint,
  type VisitorComplaintQuery,
} from '@/api/complaints';
import { complaintsKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { ComplaintOpenForm } from '@/components/complaint-open-form';
import { ComplaintThread } from '@/components/complaint-thread';
import { useAction } from '@/hooks/use-action';

function VisitorComplaintBody({
  creds,
  onWrongPassword,
}: {
  creds: VisitorComplaintQuery;
  onWrongPassword: () => void;
}) {
  const { modal } = App.useApp();
  const [writing, setWriting] = useState(false);
  const found = useQuery({
    queryKey: complaintsKeys.visitor(creds),
    queryFn: () => unwrap(visitorComplaint(creds)),
    retry: false,
  });
  const invalidates = [complaintsKeys.all];
  const opening = useAction({ call: openVisitorComplaint, success: '投诉已提交，卖家需在规定时间内回复', invalidates });
  const replying = useAction({ call: replyVisitorComplaint, success: '已回复', invalidates });
  const withdrawing = useAction({ call: withdrawVisitorComplaint, success: '投诉已撤回', invalidates });
  const arbitrating = useAction({ call: arbitrateVisitorComplaint, success: '已申请平台介入', invalidates });
  if (found.isError)
    return (
      <Space orientation="vertical">
        <Typography.Text type="danger">查询密码不正确，或尝试次数过多，请稍后再试。</Typography.Text>
        <Button onClick={onWrongPassword}>重新输入</Button>
      </Space>
    );
  if (!found.data) return <Skeleton active />;
  const { eligibility, complaint } = found.data;
  if (complaint && (complaint.status !== 'closed' || !eligibility.eligible))
    return (
      <ComplaintThread
        detail={complaint}
        replying={replying.isPending}
        uploadEvidenceFile={uploadVisitorEvidence}
        onReply={async (content, images) => (await replying.act({ ...creds, content, images })).ok}
        actions={
          (complaint.can.withdraw || complaint.can.arbitrate) && (
            <Space wrap>
              {complaint.can.arbitrate && (
                <Button loading={arbitrating.isPending} onClick={() => arbitrating.run(creds)}>
                  申请平台介入
                </Button>
              )}
              {complaint.can.withdraw && (
                <Button
                  danger
                  onClick={() =>
                    modal.confirm({
                      title: '撤回投诉',
                      content: '撤回后投诉结束，不再处理。',
                      onOk: () => withdrawing.confirm(creds),
                    })
                  }
                >
                  撤回投诉
                </Button>
              )}
            </Space>
          )
        }
      />
    );
  if (!eligibility.eligible)
    return <Alert type="info" showIcon title="该订单暂不能投诉" description={eligibility.reason} />;
  // Most orders are fine: the form opens on request, not under every order.
  if (!writing)
    return (
      <Space wrap>
        <Typography.Text type="secondary">
          卡密无效、未收到货或商品不符？{eligibility.deadline ? `可在 ${eligibility.deadline} 前` : '可以'}
          投诉，平台会介入处理。
        </Typography.Text>
        <Button onClick={() => setWriting(true)}>投诉订单</Button>
      </Space>
    );
  return (
    <ComplaintOpenForm
      pending={opening.isPending}
      deadline={eligibility.deadline}
      uploadEvidenceFile={uploadVisitorEvidence}
      onSubmit={(v) => opening.run({ ...creds, ...v })}
    />
  );
}

/** A visitor's complaint on their order: the order's access token or query password (kept only in memory) proves it is theirs. */
export function VisitorComplaint({ orderNo, accessToken }: { orderNo: string; accessToken?: string }) {
  const [password, setPassword] = useState('');
  // The browser that created or looked the order up holds its access token: no password to type again.
  const [creds, setCreds] = useState<VisitorComplaintQuery | null>(accessToken ? { orderNo, accessToken } : null);
  return (
    <Card title="订单投诉">
      {creds ? (
        <VisitorComplaintBody creds={creds} onWrongPassword={() => setCreds(null)} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            订单有问题（卡密无效、未收到货、商品不符）？输入下单时设置的查询密码，即可投诉或查看投诉进度。
          </Typography.Text>
          <Space.Compact style={{ maxWidth: 420, width: '100%' }}>
            <Input.Password
              placeholder="查询密码"
              value={password}
              maxLength={32}
              onChange={(e) => setPassword(e.target.value)}
              onPressEnter={() => password && setCreds({ orderNo, queryPassword: password })}
            />
            <Button type="primary" disabled={!password} onClick={() => setCreds({ orderNo, queryPassword: password })}>
              投诉 / 查看投诉
            </Button>
          </Space.Compact>
        </Space>
      )}
    </Card>
  );
}
