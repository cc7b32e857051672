import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Drawer,
  Empty,
  Input,
  Segmented,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CONSULT_QUEUES, ConsultQueueLabels, type ConsultQueue, type DeskConsultRow } from '@kapu/contract';
import { closeDeskConsult, deskConsult, deskConsults, replyDeskConsult, serviceReplies } from '@/api/service';
import { serviceKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { useLayoutStore } from '@/app/stores/layout-store';
import { LoadFailed } from '@/components/load-failed';
import { useAction } from '@/hooks/use-action';
import { ConsultMessages } from '@/components/consult-messages';

const STATUS_COLORS: Record<string, string> = { waiting: 'orange', answered: 'green', closed: 'default' };
const QUEUE_EMPTY: Record<ConsultQueue, string> = {
  waiting: '没有待回复的咨询',
  mine: '你名下没有进行中的咨询',
  answered: '没有已回复待跟进的咨询',
  closed: '没有已结束的咨询',
  all: '还没有任何咨询',
};

function ConsultPanel({ id }: { id: number }) {
  const { modal } = App.useApp();
  const [content, setContent] = useState('');
  const detail = useQuery({ queryKey: serviceKeys.deskDetail(id), queryFn: () => unwrap(deskConsult(id)) });
  const replies = useQuery({ queryKey: serviceKeys.replies, queryFn: () => unwrap(serviceReplies()) });
  const replying = useAction({
    call: replyDeskConsult,
    success: '已回复',
    invalidates: [serviceKeys.all],
    onSuccess: () => setContent(''),
  });
  const closing = useAction({ call: closeDeskConsult, success: '咨询已结束', invalidates: [serviceKeys.all] });
  if (detail.isError) return <LoadFailed title="咨询加载失败" onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Skeleton active />;
  const d = detail.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Tag color={STATUS_COLORS[d.status]}>{d.statusText}</Tag>
          <span>提问人：{d.asker}</span>
          {d.contact && <Typography.Text copyable>联系方式：{d.contact}</Typography.Text>}
          {d.orderNo && <Typography.Text copyable={{ text: d.orderNo }}>订单：{d.orderNo}</Typography.Text>}
          <span>负责客服：{d.assignee || '未分配'}</span>
        </Space>
      </Card>
      <Card size="small" title="对话">
        <ConsultMessages messages={d.messages} staffView />
      </Card>
      {d.canReply && (
        <Card size="small" title="回复">
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Select<number>
              placeholder={replies.data?.length ? '插入常用回复' : '还没有常用回复（在“常用回复”页添加）'}
              style={{ width: '100%' }}
              value={undefined}
              options={(replies.data ?? []).map((r) => ({ value: r.id, label: r.title }))}
              onChange={(v) => {
                const r = replies.data?.find((x) => x.id === v);
                if (r) setContent((c) => (c ? `${c}\n${r.body}` : r.body));
              }}
            />
            <Input.TextArea
              value={content}
              onChange={(e) => setContent(e.target.value)}
              maxLength={1000}
              showCount
              autoSize={{ minRows: 3, maxRows: 8 }}
              placeholder="回复内容"
            />
            <Space wrap>
              <Button
                type="primary"
                loading={replying.isPending}
                disabled={!content.trim()}
                onClick={() => replying.run({ id, content: content.trim() })}
              >
                发送回复
              </Button>
              <Button
                loading={closing.isPending}
                onClick={() =>
                  modal.confirm({
                    title: '结束咨询',
                    content: '结束后提问人不能再追问（可重新提交新咨询）。',
                    onOk: () => closing.confirm(id),
                  })
                }
              >
                结束咨询
              </Button>
            </Space>
          </Space>
        </Card>
      )}
    </Space>
  );
}

/** 咨询：会员与游客的提问，客服回复（可插入常用回复）并结束。 */
export function DeskConsults() {
  const isMobile = useLayoutStore((s) => s.isMobile);
  const [queue, setQueue] = useState<ConsultQueue>('waiting');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const query = { queue, page, pageSize: 20 };
  const list = useQuery({
    queryKey: serviceKeys.desk(query),
    queryFn: () => unwrap(deskConsults(query)),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Segmented<ConsultQueue>
        style={{ marginBottom: 16 }}
        value={queue}
        onChange={(v) => {
          setQueue(v);
          setPage(1);
        }}
        options={CONSULT_QUEUES.map((q) => ({ value: q, label: ConsultQueueLabels[q] }))}
      />
      {list.isError ? (
        <LoadFailed title="咨询列表加载失败" onRetry={() => void list.refetch()} />
      ) : (
        <Table<DeskConsultRow>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          scroll={isMobile ? undefined : { x: 'max-content' }}
          size={isMobile ? 'small' : 'middle'}
          locale={{ emptyText: <Empty description={QUEUE_EMPTY[queue]} /> }}
          pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage }}
          columns={[
            { title: '编号', dataIndex: 'id', render: (v: number) => `#${v}` },
            { title: '问题', dataIndex: 'preview' },
            { title: '提问人', dataIndex: 'asker' },
            { title: '订单', dataIndex: 'orderNo', render: (v: string) => v || '—' },
            {
              title: '状态',
              dataIndex: 'status',
              render: (v: string, r) => <Tag color={STATUS_COLORS[v]}>{r.statusText}</Tag>,
            },
            { title: '最近消息', dataIndex: 'lastAt' },
            {
              title: '操作',
              key: 'op',
              render: (_, r) => (
                <Button size="small" type="link" onClick={() => setOpen(r.id)}>
                  {r.status === 'closed' ? '查看' : '回复'}
                </Button>
              ),
            },
          ]}
        />
      )}
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        width={isMobile ? '100%' : 640}
        title={open ? `咨询 #${open}` : ''}
        destroyOnHidden
      >
        {open && <ConsultPanel id={open} />}
      </Drawer>
    </>
  );
}
