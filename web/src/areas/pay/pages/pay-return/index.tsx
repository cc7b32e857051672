import { Button, Card, Descriptions, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { getPaymentStatus } from '@/api/pay';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { readUserToken } from '@/app/storage/local';
import { useStoredSession } from '@/hooks/use-stored-session';
import { readNextPage, resultPathOf } from '../../lib/handoff-store';
import { paymentNoFrom, returnViewOf } from '../../lib/pay-result';
import { POLL_INTERVAL_MS } from '../../lib/poll';
import '../../lib/pay.css';
import { payKeys } from '@/api/keys';

const MAX_POLLS = 20;

/** 支付结果（return_ali / return_epay / return_qpay / return_fxpay 共用）：向服务器查询支付单的真实状态。 */
export default function PayReturnPage() {
  const [params] = useSearchParams();
  const paymentNo = paymentNoFrom(params);
  const member = useStoredSession(readUserToken) !== null;
  const state = useQuery({
    queryKey: payKeys.status(paymentNo),
    enabled: paymentNo !== '',
    queryFn: () => unwrap(getPaymentStatus(paymentNo), { toast: false }),
    // The notify may land a moment after the buyer returns: ask again while it is unpaid.
    refetchInterval: (q) =>
      q.state.data?.status === 'unpaid' && q.state.dataUpdateCount < MAX_POLLS ? POLL_INTERVAL_MS : false,
  });
  const p = state.data;
  let body;
  if (!paymentNo) {
    body = (
      <Result
        status="warning"
        title="缺少支付单号"
        subTitle="无法确认支付结果，请到订单或资金明细中查看"
        extra={
          <Link to={member ? '/inside/myOrder' : '/chadan'}>
            <Button type="primary">{member ? '我的订单' : '查询订单'}</Button>
          </Link>
        }
      />
    );
  } else if (state.isLoading) {
    body = <Result icon={<Spin size="large" />} title="正在确认支付结果…" />;
  } else if (!p) {
    body = (
      <Result
        status="error"
        title="支付单不存在"
        subTitle={`支付单号 ${paymentNo}`}
        extra={
          <Link to="/">
            <Button>返回首页</Button>
          </Link>
        }
      />
    );
  } else {
    const view = returnViewOf(p, Date.now());
    const target = resultPathOf(p, member);
    // A page that asked for this recharge (opening a sub-site) continues where it was.
    const next = p.purpose === 'recharge' && view === 'success' ? readNextPage(paymentNo) : null;
    const links = [
      // A full address (it may be another site's path than this page's), so a plain link.
      next ? (
        <Button key="next" type="primary" href={next}>
          继续
        </Button>
      ) : null,
      p.purpose === 'order' ? (
        <Link key="order" to={target}>
          <Button type="primary">查看订单</Button>
        </Link>
      ) : (
        <Link key="ledger" to="/inside/accountmoney">
          <Button type={next ? 'default' : 'primary'}>查看余额</Button>
        </Link>
      ),
      view === 'unpaid' && p.purpose === 'order' ? (
        <Link key="repay" to={`/pay/payonline?orderNo=${p.refNo}`}>
          <Button>重新支付</Button>
        </Link>
      ) : view === 'unpaid' && p.purpose === 'recharge' ? (
        <Link key="recharge" to="/pay/recharge">
          <Button>重新充值</Button>
        </Link>
      ) : null,
      <Link key="home" to="/">
        <Button type="link">返回首页</Button>
      </Link>,
    ];
    const titles = { success: '支付成功', processing: '支付处理中', unpaid: '未支付', refunded: '已退款' } as const;
    const subs = {
      success: p.purpose === 'recharge' ? '充值金额已存入您的余额' : '订单已支付，商品将自动发货',
      processing: '正在等待支付平台确认，页面会自动刷新；如已付款请稍候',
      unpaid: '本次支付没有完成，如已付款请联系客服并提供支付单号',
      refunded: '该笔支付已退款',
    } as const;
    body = (
      <Result
        status={view === 'success' ? 'success' : view === 'processing' ? 'info' : 'warning'}
        icon={view === 'processing' ? <Spin size="large" /> : undefined}
        title={titles[view]}
        subTitle={subs[view]}
        extra={links}
      >
        <Descriptions column={1} size="small">
          <Descriptions.Item label="支付单号">{p.paymentNo}</Descriptions.Item>
          <Descriptions.Item label="内容">{p.subject}</Descriptions.Item>
          <Descriptions.Item label="金额">{formatYuan(p.amount)}</Descriptions.Item>
        </Descriptions>
      </Result>
    );
  }
  return (
    <div className="pay-page">
      <Card>{body}</Card>
    </div>
  );
}
