import { Button, Card, Form, Input, Result, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { complaintEligibility, openComplaint, uploadEvidence } from '@/api/complaints';
import { complaintsKeys, ordersKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { ComplaintOpenForm } from '@/components/complaint-open-form';
import { LoadFailed } from '@/components/load-failed';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { BuyerComplaint } from '../../lib/buyer-complaint';
import { ORDER_NO } from '../../lib/use-my-order';

function NewComplaint({ orderNo }: { orderNo: string }) {
  const navigate = useNavigate();
  const eligibility = useQuery({
    queryKey: complaintsKeys.eligibility(orderNo),
    queryFn: () => unwrap(complaintEligibility(orderNo)),
    retry: false,
  });
  const opening = useAction({
    call: openComplaint,
    success: '投诉已提交，卖家需在规定时间内回复',
    invalidates: [complaintsKeys.all, ordersKeys.all],
    onSuccess: (r) => navigate(`/inside/orderComplain?id=${r.id}`, { replace: true }),
  });
  if (eligibility.isError)
    return <LoadFailed title="订单不存在或不属于你" onRetry={() => void eligibility.refetch()} />;
  if (!eligibility.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const e = eligibility.data;
  if (e.complaintId) return <BuyerComplaint id={e.complaintId} />;
  if (!e.eligible)
    return (
      <Result
        status="warning"
        title="该订单暂不能投诉"
        subTitle={e.reason}
        extra={
          <Link to={`/inside/showordermess?orderNo=${orderNo}`}>
            <Button>返回订单</Button>
          </Link>
        }
      />
    );
  return (
    <Card>
      <ComplaintOpenForm
        pending={opening.isPending}
        deadline={e.deadline}
        uploadEvidenceFile={uploadEvidence}
        onSubmit={(v) => opening.run({ orderNo, ...v })}
        before={
          <Form.Item label="订单号">
            <Input value={orderNo} readOnly />
          </Form.Item>
        }
      />
    </Card>
  );
}

/** 订单投诉：对已发货的订单发起投诉并上传凭证；已有投诉时显示投诉的处理进度与对话。 */
export default function OrderComplainPage() {
  const meta = useRouteMeta();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const orderNo = params.get('orderNo') ?? '';
  const byId = Number.isSafeInteger(id) && id > 0;
  return (
    <PageFrame
      title={byId ? '投诉详情' : '订单投诉'}
      description={meta?.description}
      extra={
        <Link to="/inside/complain">
          <Button>我的投诉</Button>
        </Link>
      }
    >
      {byId ? (
        <BuyerComplaint id={id} />
      ) : ORDER_NO.test(orderNo) ? (
        <NewComplaint orderNo={orderNo} />
      ) : (
        <Result
          status="info"
          title="请从订单发起投诉"
          subTitle="在“我的订单”中打开已发货的订单，点击“投诉订单”。"
          extra={
            <Link to="/inside/myOrder">
              <Button type="primary">我的订单</Button>
            </Link>
          }
        />
      )}
    </PageFrame>
  );
}
