import { useState } from 'react';
import { Button, Card, Form, Input, Radio, Result, Skeleton } from 'antd';
import type { UploadFile } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { COMPLAINT_TYPES, ComplaintTypeLabels, type ComplaintType } from '@kapu/contract';
import { complaintEligibility, openComplaint, uploadEvidence } from '@/api/complaints';
import { complaintsKeys, ordersKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { EvidenceUpload, evidenceTokens } from '@/components/complaint-thread';
import { LoadFailed } from '@/components/load-failed';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { BuyerComplaint } from '../../lib/buyer-complaint';
import { ORDER_NO } from '../../lib/use-my-order';

function NewComplaint({ orderNo }: { orderNo: string }) {
  const navigate = useNavigate();
  const [files, setFiles] = useState<UploadFile[]>([]);
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
      <Form<{ type: ComplaintType; content: string }>
        layout="vertical"
        initialValues={{ type: 'card_invalid' }}
        onFinish={(v) => opening.run({ orderNo, type: v.type, content: v.content, images: evidenceTokens(files) })}
        style={{ maxWidth: 720 }}
      >
        <Form.Item label="订单号">
          <Input value={orderNo} readOnly />
        </Form.Item>
        <Form.Item label="投诉类型" name="type" rules={[{ required: true, message: '请选择投诉类型' }]}>
          <Radio.Group
            optionType="button"
            options={COMPLAINT_TYPES.map((t) => ({ value: t, label: ComplaintTypeLabels[t] }))}
          />
        </Form.Item>
        <Form.Item
          label="问题描述"
          name="content"
          rules={[{ required: true, whitespace: true, message: '请填写投诉内容' }]}
        >
          <Input.TextArea
            maxLength={1000}
            showCount
            autoSize={{ minRows: 4, maxRows: 10 }}
            placeholder="请描述遇到的问题，例如卡密提示无效的截图、收到的货品情况"
          />
        </Form.Item>
        <Form.Item label="凭证图片（选填，最多 5 张，仅投诉双方与客服可见）">
          <EvidenceUpload files={files} onChange={setFiles} uploadEvidenceFile={uploadEvidence} />
        </Form.Item>
        {e.deadline && <p style={{ color: '#888' }}>可投诉至 {e.deadline}</p>}
        <Button
          type="primary"
          htmlType="submit"
          loading={opening.isPending}
          disabled={files.some((f) => f.status === 'uploading')}
        >
          提交投诉
        </Button>
      </Form>
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
