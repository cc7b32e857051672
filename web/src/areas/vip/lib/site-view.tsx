import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Space, Tag, Typography } from 'antd';
import {
  SITE_PERIODS,
  SitePeriodLabels,
  type SiteFeatures,
  type SitePeriod,
  type SitePeriodPrices,
  type SiteStatus,
} from '@kapu/contract';
import { formatYuan } from '@/app/format';

export const SITE_STATUS_COLOR: Record<SiteStatus, string> = {
  active: 'success',
  closed: 'default',
  suspended: 'error',
  expired: 'warning',
};

/** The periods a price list sells, in order. */
export function soldPeriods(prices: SitePeriodPrices): SitePeriod[] {
  return SITE_PERIODS.filter((p) => prices[p] !== null);
}

/** "¥30.00 / 按月" lines of a price list; periods not sold are left out. */
export function PeriodPrices({ prices }: { prices: SitePeriodPrices }) {
  return (
    <Space orientation="vertical" size={0}>
      {soldPeriods(prices).map((p) => (
        <span key={p}>
          <Typography.Text strong>{formatYuan(prices[p]!)}</Typography.Text>
          <Typography.Text type="secondary"> / {SitePeriodLabels[p]}</Typography.Text>
        </span>
      ))}
    </Space>
  );
}

/** What a version allows, as a checklist. */
export function FeatureList({ features }: { features: SiteFeatures }) {
  const yes = (on: boolean, text: string) => (
    <li key={text}>
      {on ? <CheckOutlined style={{ color: '#52c41a' }} /> : <CloseOutlined style={{ color: '#bfbfbf' }} />}{' '}
      <Typography.Text type={on ? undefined : 'secondary'}>{text}</Typography.Text>
    </li>
  );
  return (
    <ul className="site-features">
      {yes(features.subdomain, '二级域名')}
      {yes(features.ownDomain, '绑定独立域名')}
      {yes(
        features.maxChildren > 0,
        features.maxChildren > 0 ? `可开下级分站 ${features.maxChildren} 个` : '不可开下级分站',
      )}
      {yes(true, features.maxGoods > 0 ? `商品上限 ${features.maxGoods} 个` : '商品数量不限')}
      {yes(features.decoration, '店铺装修')}
      {yes(features.ownPayment, '独立收款通道')}
      {yes(features.openApi, '开放接口')}
    </ul>
  );
}

export function SiteStatusTag({ status, text }: { status: SiteStatus; text: string }) {
  return <Tag color={SITE_STATUS_COLOR[status]}>{text}</Tag>;
}

/** A link to an address of the site: its path on this host, or one of its host names. */
export function SiteAddress({ address }: { address: string }) {
  const href = address.startsWith('/') ? address : `//${address}/`;
  const text = address.startsWith('/') ? `${window.location.host}${address}` : address;
  return (
    <Typography.Link
      href={href}
      target="_blank"
      rel="noreferrer"
      copyable={{ text: href.startsWith('/') ? `${window.location.origin}${address}` : `http:${href}` }}
    >
      {text}
    </Typography.Link>
  );
}
