import { useEffect, useState } from 'react';
import { Alert, Button, Modal, QRCode, Space, Spin, Typography } from 'antd';
import { PaymentStatusLabels, type PayCreated, type PaymentStatus } from '@kapu/contract';
import { getPaymentStatus } from '@/api/pay';
import { unwrap } from '@/app/http/unwrap';
import { buildHandoffForm, isQrImage } from './handoff';
import { TEST_OUTCOME_TEXT, watchTestPayment, type TestOutcome } from './test-payment';

interface Props {
  /** The test payment just started (/…/testAccount), or null (closed). */
  tested: Pick<PayCreated, 'paymentNo' | 'handoff'> | null;
  onClose: () => void;
  /** The test payment arrived (the caller may refresh what lists payments). */
  onPaid?: () => void;
}

/**
 * 测试支付（0.01 元）: the gateway's hand-off for a test payment, then its real state, asked of the
 * server until paid, closed or 5 minutes passed. Shared by staff and site owners.
 */
export function TestPaymentModal({ tested, onClose, onPaid }: Props) {
  const [status, setStatus] = useState<PaymentStatus | null>(null);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const paymentNo = tested?.paymentNo;
  useEffect(() => {
    setStatus(null);
    setOutcome(null);
    if (!paymentNo) return;
    return watchTestPayment({
      fetchStatus: () => unwrap(getPaymentStatus(paymentNo), { toast: false }),
      onStatus: setStatus,
      onStop: (o) => {
        setOutcome(o);
        if (o === 'paid') onPaid?.();
      },
    });
    // onPaid is the caller's callback of the moment; the watch follows the payment only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paymentNo]);
  const h = tested?.handoff;
  return (
    <Modal open={tested !== null} title="测试支付（0.01 元）" footer={null} onCancel={onClose}>
      {tested && h && (
        <Space orientation="vertical" align="center" style={{ width: '100%' }}>
          <Typography.Text>支付单号：{tested.paymentNo}</Typography.Text>
          {h.kind === 'qrcode' &&
            (isQrImage(h.code) ? <img src={h.code} alt="测试二维码" width={200} /> : <QRCode value={h.code} />)}
          {h.kind === 'redirect' && (
            <a href={h.url} target="_blank" rel="noreferrer">
              <Button type="primary">打开支付页面</Button>
            </a>
          )}
          {h.kind === 'form' && (
            <Button
              type="primary"
              onClick={() => {
                const f = buildHandoffForm(document, h.action, h.method, h.fields);
                f.target = '_blank';
                f.submit();
                f.remove();
              }}
            >
              打开支付页面
            </Button>
          )}
          {h.kind === 'html' && <Typography.Text type="secondary">网关返回了页面表单，账户配置可用。</Typography.Text>}
          <Typography.Text type="secondary">
            网关已受理下单请求，说明账户配置正确；完成支付后本窗口会自动显示结果。
          </Typography.Text>
          {outcome ? (
            <Alert
              type={TEST_OUTCOME_TEXT[outcome].type}
              showIcon
              title={TEST_OUTCOME_TEXT[outcome].text}
              data-testid="test-outcome"
            />
          ) : (
            <Space>
              <Spin size="small" />
              <Typography.Text data-testid="test-status">
                等待支付结果…（当前状态：{status ? PaymentStatusLabels[status] : '查询中'}，最多等待 5 分钟）
              </Typography.Text>
            </Space>
          )}
        </Space>
      )}
    </Modal>
  );
}
