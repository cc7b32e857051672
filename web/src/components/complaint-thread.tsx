import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Image, Input, Space, Tag, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd';
import type { ComplaintDetail, ComplaintMessageView, ComplaintStatus, ComplaintUpload } from '@kapu/contract';
import { COMPLAINT_MAX_IMAGES } from '@kapu/contract';
import { feedback } from '@/app/feedback';
import type { Envelope } from '@/app/http/envelope';
import { formatYuan } from '@/app/format';
import './complaint-thread.css';

const STATUS_COLORS: Record<ComplaintStatus, string> = {
  open: 'blue',
  awaiting_seller: 'orange',
  awaiting_buyer: 'gold',
  arbitration: 'red',
  closed: 'default',
};

export function ComplaintStatusTag({ status, text }: { status: ComplaintStatus; text: string }) {
  return <Tag color={STATUS_COLORS[status]}>{text}</Tag>;
}

/** Evidence images: uploaded one by one (type and size checked by the server), sent as tokens. */
export function EvidenceUpload({
  files,
  onChange,
  uploadEvidenceFile,
}: {
  files: UploadFile[];
  onChange: (files: UploadFile[]) => void;
  uploadEvidenceFile: (file: Blob) => Promise<Envelope<ComplaintUpload>>;
}) {
  return (
    <Upload
      listType="picture-card"
      accept="image/png,image/jpeg,image/gif,image/webp"
      maxCount={COMPLAINT_MAX_IMAGES}
      multiple
      fileList={files}
      onChange={({ fileList }) => onChange(fileList)}
      customRequest={({ file, onSuccess, onError }) => {
        uploadEvidenceFile(file as Blob)
          .then((r) => {
            if (r.code === 1000) return onSuccess?.(r.data);
            feedback().message.error(r.msg);
            onError?.(new Error(r.msg));
          })
          .catch((e: unknown) => onError?.(e as Error));
      }}
    >
      {files.length < COMPLAINT_MAX_IMAGES && '上传凭证'}
    </Upload>
  );
}

/** The tokens of the uploads that made it, comma-separated as the calls take them. */
export function evidenceTokens(files: UploadFile[]): string {
  return files
    .filter((f) => f.status === 'done')
    .map((f) => (f.response as ComplaintUpload | undefined)?.token)
    .filter(Boolean)
    .join(',');
}

function Message({ m }: { m: ComplaintMessageView }) {
  return (
    <div className={`complaint-msg complaint-msg-${m.role}${m.mine ? ' complaint-msg-mine' : ''}`}>
      <div className="complaint-msg-head">
        <Typography.Text strong>{m.author}</Typography.Text>
        <Typography.Text type="secondary">{m.createdAt}</Typography.Text>
      </div>
      {m.body && <div className="complaint-msg-body">{m.body}</div>}
      {m.images.length > 0 && (
        <Image.PreviewGroup>
          <Space wrap size={8} style={{ marginTop: 8 }}>
            {m.images.map((src, i) => (
              <Image key={src} src={src} width={88} height={88} style={{ objectFit: 'cover' }} alt={`凭证 ${i + 1}`} />
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
    </div>
  );
}

interface ThreadProps {
  detail: ComplaintDetail;
  /** Sends a reply; resolves true when it went through (the box clears). */
  onReply?: (content: string, images: string) => Promise<boolean>;
  replying?: boolean;
  uploadEvidenceFile: (file: Blob) => Promise<Envelope<ComplaintUpload>>;
  /** Buttons for what the reader may do (withdraw, arbitrate, decide…). */
  actions?: ReactNode;
}

/** One complaint: the order, the state, the thread with its evidence, and the reply box while it is open. */
export function ComplaintThread({ detail: d, onReply, replying, uploadEvidenceFile, actions }: ThreadProps) {
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<UploadFile[]>([]);
  const uploading = files.some((f) => f.status === 'uploading');
  const send = async () => {
    if (!onReply) return;
    if (await onReply(content.trim(), evidenceTokens(files))) {
      setContent('');
      setFiles([]);
    }
  };
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label="投诉编号">#{d.id}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <ComplaintStatusTag status={d.status} text={d.statusText} />
            {d.outcomeText && <Tag color={d.refundAmount > 0 ? 'green' : 'default'}>{d.outcomeText}</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label="类型">{d.typeText}</Descriptions.Item>
          <Descriptions.Item label="订单号">
            <Typography.Text copyable>{d.order.orderNo}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="商品">
            {d.order.goodsName} × {d.order.quantity}
          </Descriptions.Item>
          <Descriptions.Item label="实付 / 已退">
            {formatYuan(d.order.paidAmount)} / {formatYuan(d.order.refundedAmount)}
          </Descriptions.Item>
          {d.as === 'staff' && <Descriptions.Item label="买家">{d.buyer}</Descriptions.Item>}
          {d.as !== 'seller' && <Descriptions.Item label="卖家">{d.seller}</Descriptions.Item>}
          {d.as === 'staff' && <Descriptions.Item label="负责客服">{d.assignee || '未分配'}</Descriptions.Item>}
          <Descriptions.Item label="发起时间">{d.createdAt}</Descriptions.Item>
          {d.sellerDueAt && (
            <Descriptions.Item label="卖家需在此前回复">
              <Typography.Text type={d.overdue ? 'danger' : undefined}>{d.sellerDueAt}</Typography.Text>
            </Descriptions.Item>
          )}
        </Descriptions>
        {d.status === 'closed' && (
          <Alert
            style={{ marginTop: 8 }}
            type={d.refundAmount > 0 ? 'success' : 'info'}
            showIcon
            title={`处理结果：${d.outcomeText}${d.refundAmount > 0 ? `，退款 ${formatYuan(d.refundAmount)}` : ''}`}
            description={d.decisionNote || undefined}
          />
        )}
        {actions && <div style={{ marginTop: 12 }}>{actions}</div>}
      </Card>
      <Card size="small" title="沟通记录">
        {d.messages.length === 0 ? (
          <Empty description="还没有沟通记录" />
        ) : (
          <div className="complaint-thread">
            {d.messages.map((m) => (
              <Message key={m.id} m={m} />
            ))}
          </div>
        )}
      </Card>
      {d.can.reply && onReply ? (
        <Card size="small" title="回复">
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Input.TextArea
              value={content}
              onChange={(e) => setContent(e.target.value)}
              maxLength={1000}
              showCount
              autoSize={{ minRows: 3, maxRows: 8 }}
              placeholder="说明情况，可附截图等凭证（最多 5 张）"
            />
            <EvidenceUpload files={files} onChange={setFiles} uploadEvidenceFile={uploadEvidenceFile} />
            <Button
              type="primary"
              loading={replying}
              disabled={uploading || (!content.trim() && evidenceTokens(files) === '')}
              onClick={() => void send()}
            >
              发送回复
            </Button>
          </Space>
        </Card>
      ) : (
        d.status === 'closed' && (
          <Alert type="info" title="投诉已结束，不能再回复。如仍有问题，可在订单上重新发起投诉。" />
        )
      )}
    </Space>
  );
}
