import { Tag } from 'antd';
import { ProfitShareStatusLabels, type ProfitShareStatus } from '@kapu/contract';

const COLORS: Record<ProfitShareStatus, string> = {
  pending: 'gold',
  frozen: 'blue',
  released: 'green',
  kept: 'cyan',
  void: 'default',
  reversed: 'purple',
};

/** Where my profit on an order stands: 待结算 → 冻结中 → 已入账, or 已作废 / 已退回. */
export function ShareStatusTag({ status }: { status: ProfitShareStatus | null }) {
  if (!status) return <Tag>无利润</Tag>;
  return <Tag color={COLORS[status]}>{ProfitShareStatusLabels[status]}</Tag>;
}

/** Status of a site (mine or a child's). */
export function SiteStatusTag({ status, text }: { status: string; text: string }) {
  const color = status === 'active' ? 'green' : status === 'expired' ? 'orange' : 'red';
  return <Tag color={color}>{text}</Tag>;
}
