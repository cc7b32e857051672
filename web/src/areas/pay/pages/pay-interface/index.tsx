import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Descriptions, Result, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { confirmSandboxPayment, getPaymentStatus } from '@/api/pay';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { useAction } from '@/hooks/use-action';
import { readUserToken } from '@/app/storage/local';
import { PageFrame } from '@/components/page-frame';
import { formatCountdown, useDeadline } from '@/hooks/use-deadline';
import { useStoredSession } from '@/hooks/use-stored-session';
import { browserEffects, dispatchHandoff } from '../../lib/handoff';
import { readHandoff, resultPathOf } from '../../lib/handoff-store';
import { paymentNoFrom } from '../../lib/pay-result';
import '../../lib/pay.css';
import { payKeys } from '@/api/keys';
import { siteUrl } from '@/app/site-base';

/** Kapu's simulated cashier: shows the payment and "pays" it through the sandbox notify path. */
function SandboxCashier({ paymentNo, token }: { paymentNo: string; token: string }) {
  const member = useStoredSession(readUserToken) !== null;
  const state = useQuery({ queryKey: payKeys.status(paymentNo), queryFn: () => unwrap(getPaymentStatus(paymentNo)) });
  const [paid, setPaid] = useState(false);
  const p = state.data;
  const left = useDeadline(p?.status === 'unpaid' ? p.expiresAt : null);
  const confirm = useAction({
    call: () => confirmSandboxPayment(paymentNo, token),
    invalidates: [payKeys.status(paymentNo)],
    onSuccess: () => setPaid(true),
  });
  if (state.isLoading) return <Card loading />;
  if (!p)
    return (
      <Result
        status="error"
        title="支付单不存在"
        extra={
          <Link to="/">
            <Button>返回首页</Button>
          </Link>
        }
      />
    );
  const resultPath = resultPathOf(p, member);
  if (paid || p.status === 'paid') {
    return (
      <Result
        status="success"
        title="支付成功"
        subTitle={`${p.subject} · ${formatYuan(p.amount)}`}
        extra={[
          <Link key="result" to={resultPath}>
            <Button type="primary">{p.purpose === 'order' ? '查看订单' : '查看支付结果'}</Button>
          </Link>,
          p.purpose === 'recharge' ? (
            <Link key="ledger" to="/inside/accountmoney">
              <Button>资金明细</Button>
            </Link>
          ) : null,
        ]}
      />
    );
  }
  if (p.status !== 'unpaid')
    return (
      <Result
        status="warning"
        title={`该支付单${p.status === 'closed' ? '已关闭' : '已退款'}`}
        subTitle={`支付单号 ${p.paymentNo}`}
      />
    );
  return (
    <Card className="pay-qr-card" title="模拟收银台">
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16, textAlign: 'left' }}
        title="演示支付"
        description="这是本站的模拟支付通道，点击确认即视为付款成功，不会产生真实扣款。"
      />
      <Typography.Text className="pay-qr-amount">{formatYuan(p.amount)}</Typography.Text>
      <Descriptions column={1} size="small" style={{ margin: '16px 0', textAlign: 'left' }}>
        <Descriptions.Item label="商品">{p.subject}</Descriptions.Item>
        <Descriptions.Item label="支付单号">{p.paymentNo}</Descriptions.Item>
        {p.fee > 0 && <Descriptions.Item label="手续费">{formatYuan(p.fee)}</Descriptions.Item>}
        <Descriptions.Item label="剩余时间">{left > 0 ? formatCountdown(left) : '已超时'}</Descriptions.Item>
      </Descriptions>
      <Button type="primary" size="large" block loading={confirm.isPending} onClick={() => confirm.run()}>
        确认支付
      </Button>
    </Card>
  );
}

/**
 * Performs a form hand-off saved by the pay page (older links; the server now hands forms and gateway
 * pages off on its own top-level page, /pay/go); without one, points to the result page.
 */
function GatewayHandoff({ paymentNo }: { paymentNo: string }) {
  const handoff = readHandoff(paymentNo);
  const done = useRef(false);
  useEffect(() => {
    if (!handoff || done.current) return;
    done.current = true;
    dispatchHandoff(
      handoff,
      browserEffects({
        showQr: () => undefined,
        showHtml: () => undefined,
        paid: () => window.location.assign(siteUrl(`/pay/return_epay?paymentNo=${paymentNo}`)),
      }),
    );
  }, [handoff, paymentNo]);
  if (handoff && handoff.kind !== 'html') {
    return (
      <Card>
        <Result
          icon={<Spin size="large" />}
          title="正在前往支付平台…"
          subTitle="如果页面没有自动跳转，请点击下方按钮"
          extra={
            <Button
              type="primary"
              onClick={() =>
                dispatchHandoff(
                  handoff,
                  browserEffects({ showQr: () => undefined, showHtml: () => undefined, paid: () => undefined }),
                )
              }
            >
              继续支付
            </Button>
          }
        />
      </Card>
    );
  }
  return (
    <Result
      status="info"
      title="支付请求已失效"
      subTitle="请回到订单或充值页重新发起支付；如已付款，可查看支付结果"
      extra={
        <Link to={`/pay/return_epay?paymentNo=${paymentNo}`}>
          <Button type="primary">查看支付结果</Button>
        </Link>
      }
    />
  );
}

/** 支付跳转：向支付平台提交付款请求；?sandbox= 时为本站模拟收银台。 */
export default function PayInterfacePage() {
  const [params] = useSearchParams();
  const sandbox = params.get('sandbox');
  const token = params.get('token') ?? '';
  const paymentNo = paymentNoFrom(params);
  return (
    <PageFrame
      title={sandbox ? '模拟支付' : '支付跳转'}
      description={sandbox ? '确认后完成本次演示付款。' : '正在向支付平台提交付款请求。'}
    >
      <div className="pay-page">
        {!paymentNo ? (
          <Result
            status="warning"
            title="缺少支付单号"
            extra={
              <Link to="/">
                <Button>返回首页</Button>
              </Link>
            }
          />
        ) : sandbox ? (
          <SandboxCashier paymentNo={paymentNo} token={token} />
        ) : (
          <GatewayHandoff paymentNo={paymentNo} />
        )}
      </div>
    </PageFrame>
  );
}
