import type { PayChannel } from '@kapu/contract';
import { Empty, Radio, Space, Typography } from 'antd';
import { formatYuan } from '@/app/format';
import { channelFee, percentText } from './money';
import './pay.css';

/** The enabled gateways as cards; shows each one's fee for the amount when it has a rate. */
export function ChannelPicker({
  channels,
  value,
  onChange,
  baseAmount,
}: {
  channels: PayChannel[];
  value: number | undefined;
  onChange: (id: number) => void;
  baseAmount: number | null;
}) {
  if (!channels.length) return <Empty description="本站当前没有可用的支付方式，请联系客服" />;
  return (
    <Radio.Group
      className="pay-channels"
      value={value}
      onChange={(e) => onChange(e.target.value as number)}
      aria-label="支付方式"
    >
      {channels.map((c) => (
        <Radio key={c.id} value={c.id}>
          <Space orientation="vertical" size={0}>
            <span>
              {c.icon && <img src={c.icon} alt="" className="pay-channel-icon" />}
              {c.name}
            </span>
            {c.feeRate > 0 && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                手续费 {percentText(c.feeRate)}
                {baseAmount ? `（${formatYuan(channelFee(baseAmount, c.feeRate))}）` : ''}
              </Typography.Text>
            )}
          </Space>
        </Radio>
      ))}
    </Radio.Group>
  );
}
