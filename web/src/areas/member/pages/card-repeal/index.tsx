import { RouteFrame } from '@/components/page-frame';

/** 卡密撤销：申请作废已发货但未使用的卡密，审核通过后退款到余额。 */
export default function CardRepealPage() {
  return <RouteFrame />;
}
