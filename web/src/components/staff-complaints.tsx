import { useState } from 'react';
import { Button, Drawer, Form, Input, Modal, Radio, Segmented, Select, Skeleton, Space, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  COMPLAINT_QUEUES,
  ComplaintQueueLabels,
  type ComplaintDetail,
  type ComplaintQueue,
  type DeskComplaintRow,
} from '@kapu/contract';
import {
  assignComplaint,
  complaintColleagues,
  decideComplaint,
  replyStaffComplaint,
  staffComplaint,
  staffComplaints,
  uploadStaffEvidence,
  type ComplaintDecideForm,
} from '@/api/complaints';
import { complaintsKeys } from '@/api/keys';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { fenToYuanText, YUAN_TEXT } from '@/app/yuan';
import { useAction } from '@/hooks/use-action';
import { ComplaintThread } from './complaint-thread';
import { ComplaintTable, usePaging } from './complaint-table';
import { LoadFailed } from './load-failed';

/** Who works the complaint: the desk (/other) or the admin back office. */
type StaffSide = 'desk' | 'admin';

const QUEUE_EMPTY: Record<ComplaintQueue, string> = {
  new: '没有待认领的新投诉',
  mine: '你名下没有处理中的投诉',
  waiting: '没有等待买家或卖家回复的投诉',
  overdue: '没有卖家超时未回复的投诉',
  arbitration: '没有需要平台介入的投诉',
  all: '还没有任何投诉',
};

function DecideModal({
  side,
  detail,
  open,
  onClose,
}: {
  side: StaffSide;
  detail: ComplaintDetail;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Omit<ComplaintDecideForm, 'id'>>();
  const decision = Form.useWatch('decision', form);
  const left = detail.order.paidAmount - detail.order.refundedAmount;
  const deciding = useAction({
    call: (f: ComplaintDecideForm) => decideComplaint(side, f),
    success: (r) => (r.refunded > 0 ? `已退款 ${formatYuan(r.refunded)}，投诉已结束` : '已驳回，投诉已结束'),
    invalidates: [complaintsKeys.all],
    onSuccess: onClose,
  });
  return (
    <Modal
      open={open}
      title={`处理投诉 #${detail.id}`}
      okText="确认处理"
      confirmLoading={deciding.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ decision: 'refund_part', amount: fenToYuanText(Math.floor(left / 2)) }}
        onFinish={(v) =>
          deciding.run({ id: detail.id, ...v, amount: v.decision === 'refund_part' ? v.amount : undefined })
        }
      >
        <Form.Item name="decision" label="处理结果">
          <Radio.Group
            options={[
              { value: 'refund_full', label: `全额退款（${formatYuan(left)}）` },
              { value: 'refund_part', label: '部分退款' },
              { value: 'reject', label: '驳回投诉' },
            ]}
          />
        </Form.Item>
        {decision === 'refund_part' && (
          <Form.Item
            name="amount"
            label={`退款金额（元，最多 ${formatYuan(left)}）`}
            rules={[
              { required: true, message: '请输入退款金额' },
              { pattern: YUAN_TEXT, message: '金额最多两位小数' },
            ]}
          >
            <Input inputMode="decimal" prefix="¥" />
          </Form.Item>
        )}
        <Form.Item
          name="note"
          label="处理说明（买家与卖家可见）"
          rules={[{ required: true, whitespace: true, message: '请填写处理说明' }]}
        >
          <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <p style={{ color: '#888', margin: 0 }}>
          退款经订单退款流程：会员退回余额，游客原路退回；分站利润与结算按比例退回，投诉随退款一起结束。
        </p>
      </Form>
    </Modal>
  );
}

function StaffThread({ side, id }: { side: StaffSide; id: number }) {
  const [deciding, setDeciding] = useState(false);
  const detail = useQuery({
    queryKey: complaintsKeys.detail(side, id),
    queryFn: () => unwrap(staffComplaint(side, id)),
    retry: false,
  });
  const colleagues = useQuery({
    queryKey: complaintsKeys.colleagues(side),
    queryFn: () => unwrap(complaintColleagues(side)),
    staleTime: 60_000,
  });
  const replying = useAction({
    call: (f: { id: number; content: string; images: string }) => replyStaffComplaint(side, f),
    success: '已回复',
    invalidates: [complaintsKeys.all],
  });
  const assigning = useAction({
    call: (f: { id: number; staffId?: number }) => assignComplaint(side, f.id, f.staffId),
    success: '已分配',
    invalidates: [complaintsKeys.all],
  });
  if (detail.isError) return <LoadFailed title="投诉加载失败" onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const d = detail.data;
  return (
    <>
      <ComplaintThread
        detail={d}
        replying={replying.isPending}
        uploadEvidenceFile={(file) => uploadStaffEvidence(side, file)}
        onReply={async (content, images) => (await replying.act({ id, content, images })).ok}
        actions={
          (d.can.decide || d.can.assign) && (
            <Space wrap>
              {d.can.decide && (
                <Button type="primary" onClick={() => setDeciding(true)}>
                  处理（退款 / 驳回）
                </Button>
              )}
              {d.can.assign && (
                <>
                  <Button loading={assigning.isPending} onClick={() => assigning.run({ id })}>
                    由我负责
                  </Button>
                  <Select<number>
                    placeholder="转交给同事"
                    style={{ width: 160 }}
                    value={undefined}
                    options={(colleagues.data ?? []).map((c) => ({
                      value: c.id,
                      label: c.nickname ? `${c.nickname}（${c.username}）` : c.username,
                    }))}
                    onChange={(staffId) => assigning.run({ id, staffId })}
                  />
                </>
              )}
              {d.seller === '平台自营' && <Tag color="blue">平台自营商品：客服回复即视为卖家答复</Tag>}
            </Space>
          )
        }
      />
      {d.can.decide && <DecideModal side={side} detail={d} open={deciding} onClose={() => setDeciding(false)} />}
    </>
  );
}

/** The staff's complaint queues (service desk and admin): take, answer, hand over, decide. */
export function StaffComplaints({ side, initialQueue = 'new' }: { side: StaffSide; initialQueue?: ComplaintQueue }) {
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [queue, setQueue] = useState<ComplaintQueue>(initialQueue);
  const [orderNo, setOrderNo] = useState<string>();
  const paging = usePaging();
  const { page, pageSize } = paging;
  const [open, setOpen] = useState<number | null>(null);
  const query = { queue, orderNo, page, pageSize };
  const list = useQuery({
    queryKey: complaintsKeys.staff(side, query),
    queryFn: () => unwrap(staffComplaints(side, query)),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<ComplaintQueue>
          value={queue}
          onChange={(v) => {
            setQueue(v);
            paging.reset();
          }}
          options={COMPLAINT_QUEUES.map((q) => ({ value: q, label: ComplaintQueueLabels[q] }))}
        />
        <Input.Search
          allowClear
          placeholder="订单号"
          style={{ width: 240 }}
          onSearch={(v) => {
            setOrderNo(v.trim() || undefined);
            paging.reset();
          }}
        />
      </Space>
      {list.isError ? (
        <LoadFailed title="投诉列表加载失败" onRetry={() => void list.refetch()} />
      ) : (
        <ComplaintTable<DeskComplaintRow>
          data={list.data}
          loading={list.isFetching}
          paging={paging}
          empty={orderNo ? '该订单没有投诉' : QUEUE_EMPTY[queue]}
          extraColumns={[
            { title: '买家', dataIndex: 'buyer' },
            { title: '卖家', dataIndex: 'seller' },
            { title: '负责客服', dataIndex: 'assignee', render: (v: string) => v || '未分配' },
          ]}
          action={(r) => (
            <Button size="small" type="link" onClick={() => setOpen(r.id)}>
              {r.status === 'closed' ? '查看' : '处理'}
            </Button>
          )}
        />
      )}
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        width={isMobile ? '100%' : 820}
        title={open ? `投诉 #${open}` : ''}
        destroyOnHidden
      >
        {open && <StaffThread side={side} id={open} />}
      </Drawer>
    </>
  );
}
