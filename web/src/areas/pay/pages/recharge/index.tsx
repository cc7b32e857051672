import type { PayCreated } from '@kapu/contract';
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Statistic, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { createPayment, getPayChannels, getRechargeConfig } from '@/api/pay';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { useAction } from '@/hooks/use-action';
import { fenToYuanText, YUAN_TEXT } from '@/app/yuan';
import { PageFrame } from '@/components/page-frame';
import { useAccount } from '@/hooks/use-account';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { ChannelPicker } from '../../lib/channel-picker';
import { saveNextPage } from '../../lib/handoff-store';
import { siteUrl } from '@/app/site-base';
import { HandoffPanel } from '../../lib/handoff-panel';
import { channelFee, rechargeBonus, yuanToFen } from '../../lib/money';
import { usePayClient } from '../../lib/use-pay-client';
import '../../lib/pay.css';
import { payKeys } from '@/api/keys';

const PRESETS = [1000, 5000, 10000, 20000, 50000];

/** 余额充值：金额（范围与赠送档位由后台设置）、支付方式，然后按网关要求跳转或扫码。 */
export default function RechargePage() {
  const meta = useRouteMeta();
  const navigate = useNavigate();
  const client = usePayClient();
  const account = useAccount();
  const config = useQuery({ queryKey: payKeys.rechargeConfig, queryFn: () => unwrap(getRechargeConfig()) });
  const channels = useQuery({
    queryKey: payKeys.rechargeChannels(client),
    queryFn: () => unwrap(getPayChannels(client, 'recharge')),
  });
  const [form] = Form.useForm<{ amount: string }>();
  // A page that needs a balance (opening a sub-site) links here with the shortfall in yuan.
  const [search] = useSearchParams();
  const asked = search.get('amount') ?? '';
  const amountText = Form.useWatch('amount', form);
  const [accountId, setAccountId] = useState<number | undefined>();
  const [created, setCreated] = useState<PayCreated | null>(null);
  const c = config.data;
  const list = useMemo(() => channels.data ?? [], [channels.data]);
  const channel = list.find((x) => x.id === accountId);
  const fen = yuanToFen(amountText);
  const valid = fen !== null && c !== undefined && fen >= c.min && fen <= c.max;
  const bonus = valid && c ? rechargeBonus(c.tiers, fen) : 0;
  const fee = valid && channel ? channelFee(fen, channel.feeRate) : 0;

  useEffect(() => {
    if (accountId === undefined && list.length) setAccountId(list[0].id);
  }, [list, accountId]);

  const paying = useAction({
    call: createPayment,
    onSuccess: (r) => {
      // Kept with the site's path: the gateway returns to the platform's result page.
      const next = search.get('next');
      saveNextPage(r.paymentNo, next && siteUrl(next));
      setCreated(r);
    },
  });
  const pay = (v: { amount: string }) => {
    if (channel) paying.run({ accountId: channel.id, amount: v.amount.trim(), client });
  };

  return (
    <PageFrame title="余额充值" description={meta?.description}>
      <div className="pay-page">
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Card size="small">
            <Statistic
              title="当前余额"
              value={account.data ? formatYuan(account.data.balance) : '—'}
              loading={account.isLoading}
            />
          </Card>
          {created ? (
            <HandoffPanel
              created={created}
              channelName={channel?.name ?? ''}
              onPaid={() => navigate(`/pay/return_epay?paymentNo=${created.paymentNo}`, { replace: true })}
              onBack={() => setCreated(null)}
            />
          ) : (
            <Card title="充值金额" loading={config.isLoading}>
              {c && (
                <Form
                  form={form}
                  layout="vertical"
                  onFinish={(v) => void pay(v)}
                  initialValues={{ amount: YUAN_TEXT.test(asked) ? asked : undefined }}
                >
                  <div className="pay-amount-presets">
                    {PRESETS.filter((p) => p >= c.min && p <= c.max).map((p) => (
                      <Button
                        key={p}
                        type={fen === p ? 'primary' : 'default'}
                        onClick={() => form.setFieldsValue({ amount: fenToYuanText(p).replace(/\.00$/, '') })}
                      >
                        {formatYuan(p).replace(/\.00$/, '')}
                      </Button>
                    ))}
                  </div>
                  <Form.Item
                    name="amount"
                    label="充值金额（元）"
                    extra={`单笔 ${formatYuan(c.min)} - ${formatYuan(c.max)}`}
                    rules={[
                      { required: true, message: '请输入充值金额' },
                      {
                        validator: (_r, v: string) => {
                          if (!v) return Promise.resolve();
                          const n = yuanToFen(v);
                          if (n === null) return Promise.reject(new Error('请输入金额，最多两位小数'));
                          if (n < c.min || n > c.max)
                            return Promise.reject(
                              new Error(`充值金额须在 ${fenToYuanText(c.min)} - ${fenToYuanText(c.max)} 元之间`),
                            );
                          return Promise.resolve();
                        },
                      },
                    ]}
                  >
                    <Input inputMode="decimal" prefix="¥" placeholder="0.00" autoComplete="off" />
                  </Form.Item>
                  {c.tiers.length > 0 && (
                    <Alert
                      type="success"
                      style={{ marginBottom: 16 }}
                      title="充值赠送"
                      description={
                        <Space wrap>
                          {[...c.tiers]
                            .sort((a, b) => a.min - b.min)
                            .map((t) => (
                              <Tag key={t.min} color={valid && fen >= t.min ? 'green' : undefined}>
                                满 {formatYuan(t.min)} 送 {formatYuan(t.bonus)}
                              </Tag>
                            ))}
                        </Space>
                      }
                    />
                  )}
                  <Typography.Title level={5}>支付方式</Typography.Title>
                  <ChannelPicker
                    channels={list}
                    value={accountId}
                    onChange={setAccountId}
                    baseAmount={valid ? fen : null}
                  />
                  {valid && (
                    <Typography.Paragraph style={{ marginTop: 16 }}>
                      到账 <Typography.Text strong>{formatYuan(fen + bonus)}</Typography.Text>
                      {bonus > 0 && `（含赠送 ${formatYuan(bonus)}）`}
                      {fee > 0 && `，另付手续费 ${formatYuan(fee)}`}
                    </Typography.Paragraph>
                  )}
                  <Button
                    type="primary"
                    size="large"
                    block
                    htmlType="submit"
                    loading={paying.isPending}
                    disabled={!channel}
                    style={{ marginTop: 16 }}
                  >
                    {valid ? `立即充值 ${formatYuan(fen + fee)}` : '立即充值'}
                  </Button>
                </Form>
              )}
            </Card>
          )}
        </Space>
      </div>
    </PageFrame>
  );
}
