import { App, Button, Skeleton, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { arbitrateComplaint, myComplaint, replyMyComplaint, uploadEvidence, withdrawComplaint } from '@/api/complaints';
import { complaintsKeys, ordersKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { ComplaintThread } from '@/components/complaint-thread';
import { LoadFailed } from '@/components/load-failed';
import { useAction } from '@/hooks/use-action';

/** The buyer's view of one complaint: the thread, replies, withdraw and asking the platform in. */
export function BuyerComplaint({ id }: { id: number }) {
  const { modal } = App.useApp();
  const detail = useQuery({
    queryKey: complaintsKeys.detail('buyer', id),
    queryFn: () => unwrap(myComplaint(id)),
    retry: false,
  });
  const invalidates = [complaintsKeys.all, ordersKeys.all];
  const replying = useAction({ call: replyMyComplaint, success: '已回复', invalidates });
  const withdrawing = useAction({ call: withdrawComplaint, success: '投诉已撤回', invalidates });
  const arbitrating = useAction({ call: arbitrateComplaint, success: '已申请平台介入', invalidates });
  if (detail.isError) return <LoadFailed title="投诉加载失败" onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const d = detail.data;
  return (
    <ComplaintThread
      detail={d}
      replying={replying.isPending}
      uploadEvidenceFile={uploadEvidence}
      onReply={async (content, images) => (await replying.act({ id, content, images })).ok}
      actions={
        (d.can.withdraw || d.can.arbitrate) && (
          <Space wrap>
            {d.can.arbitrate && (
              <Button
                loading={arbitrating.isPending}
                onClick={() =>
                  modal.confirm({
                    title: '申请平台介入',
                    content: '与卖家协商不成时，可申请平台客服介入裁决。确定申请？',
                    onOk: () => arbitrating.confirm(id),
                  })
                }
              >
                申请平台介入
              </Button>
            )}
            {d.can.withdraw && (
              <Button
                danger
                loading={withdrawing.isPending}
                onClick={() =>
                  modal.confirm({
                    title: '撤回投诉',
                    content: '撤回后投诉结束，不再处理。确定撤回？',
                    onOk: () => withdrawing.confirm(id),
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
}
