import type { PayCreated } from '@kapu/contract';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, QRCode, Result, Space, Spin, Typography } from 'antd';
import { Link } from 'react-router';
import { getPaymentStatus } from '@/api/pay';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { formatCountdown, useDeadline } from '@/hooks/use-deadline';
import { browserEffects, dispatchHandoff, isQrImage } from './handoff';
import { saveHandoff } from './handoff-store';
import { startPolling, type PollOutcome } from './poll';
import './pay.css';
import { siteUrl } from '@/app/site-base';

const GATEWAY_APP: Record<string, string> = { alipay: '支付宝', wechat_v3: '微信' };

/** Performs a /pay/create answer: navigates, hands a form to /pay/payInterface, or shows the QR and polls. */
export function HandoffPanel({
  created,
  channelName,
  onPaid,
  onBack,
}: {
  created: PayCreated;
  channelName: string;
  onPaid: () => void;
  onBack: () => void;
}) {
  const [qr, setQr] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [stopped, setStopped] = useState<PollOutcome | null>(null);
  const left = useDeadline(created.expiresAt);
  const paidRef = useRef(onPaid);
  paidRef.current = onPaid;

  useEffect(() => {
    const fx = browserEffects({ showQr: setQr, showHtml: () => undefined, paid: () => paidRef.current() });
    dispatchHandoff(created.handoff, {
      ...fx,
      navigate: (url) => {
        setLeaving(true);
        fx.navigate(url);
      },
      // Forms and gateway HTML go through the hand-off page, which submits them.
      submitForm: () => {
        setLeaving(true);
        saveHandoff(created.paymentNo, created.handoff);
        window.location.assign(siteUrl(`/pay/payInterface?paymentNo=${created.paymentNo}`));
      },
      showHtml: () => {
        setLeaving(true);
        saveHandoff(created.paymentNo, created.handoff);
        window.location.assign(siteUrl(`/pay/payInterface?paymentNo=${created.paymentNo}`));
      },
    });
  }, [created]);

  useEffect(() => {
    if (!qr) return undefined;
    return startPolling({
      fetchStatus: () => unwrap(getPaymentStatus(created.paymentNo), { toast: false }),
      onStop: (outcome) => {
        if (outcome === 'paid') paidRef.current();
        else setStopped(outcome);
      },
    });
  }, [qr, created.paymentNo]);

  if (leaving) {
    return (
      <Card>
        <Result
          icon={<Spin size="large" />}
          title="正在前往支付平台…"
          subTitle={`支付单号 ${created.paymentNo}，支付完成后会自动返回本站`}
        />
      </Card>
    );
  }
  if (!qr) return <Card loading />;
  if (stopped) {
    return (
      <Card>
        <Result
          status="warning"
          title={stopped === 'expired' || stopped === 'closed' ? '支付已超时' : '支付已退款'}
          subTitle="本次支付未完成，如已付款请联系客服并提供支付单号"
          extra={<Button onClick={onBack}>重新选择支付方式</Button>}
        >
          <Typography.Paragraph type="secondary">支付单号：{created.paymentNo}</Typography.Paragraph>
        </Result>
      </Card>
    );
  }
  const app = GATEWAY_APP[created.gateway] ?? channelName;
  return (
    <Card className="pay-qr-card">
      <Space orientation="vertical" align="center" style={{ width: '100%' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          请使用{app}扫码支付
        </Typography.Title>
        <Typography.Text className="pay-qr-amount">{formatYuan(created.amount)}</Typography.Text>
        {created.fee > 0 && <Typography.Text type="secondary">含手续费 {formatYuan(created.fee)}</Typography.Text>}
        {isQrImage(qr) ? (
          <img src={qr} alt="支付二维码" className="pay-qr-image" data-testid="pay-qr" />
        ) : (
          <QRCode value={qr} size={220} data-testid="pay-qr" />
        )}
        <Typography.Text type={left < 60_000 ? 'danger' : 'secondary'}>
          {left > 0 ? `请在 ${formatCountdown(left)} 内完成支付` : '支付时间已到，正在确认支付结果…'}
        </Typography.Text>
        <Alert type="info" showIcon title="支付完成后页面会自动跳转，请勿关闭" />
        <Space wrap>
          <Button onClick={onBack}>更换支付方式</Button>
          <Link to={`/pay/return_epay?paymentNo=${created.paymentNo}`}>
            <Button type="link">我已支付，查看结果</Button>
          </Link>
        </Space>
      </Space>
    </Card>
  );
}
