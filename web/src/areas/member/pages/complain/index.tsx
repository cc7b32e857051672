import { Button, Card } from 'antd';
import { Link } from 'react-router';
import type { ComplaintRow } from '@kapu/contract';
import { myComplaints } from '@/api/complaints';
import { complaintsKeys } from '@/api/keys';
import { formatYuan } from '@/app/format';
import { ComplaintStatusList } from '@/components/complaint-table';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';

/** 我的投诉：已提交的订单投诉及处理进度。 */
export default function ComplainPage() {
  const meta = useRouteMeta();
  return (
    <PageFrame title="我的投诉" description={meta?.description}>
      <Card>
        <ComplaintStatusList<ComplaintRow>
          queryKey={complaintsKeys.mine}
          load={myComplaints}
          empty="你还没有投诉过订单。订单有问题时，可在订单详情中点“投诉订单”。"
          extraColumns={[
            {
              title: '退款',
              dataIndex: 'refundAmount',
              align: 'right',
              render: (v: number) => (v > 0 ? formatYuan(v) : '—'),
            },
          ]}
          action={(r) => (
            <Link to={`/inside/orderComplain?id=${r.id}`}>
              <Button size="small" type="link">
                查看
              </Button>
            </Link>
          )}
        />
      </Card>
    </PageFrame>
  );
}
