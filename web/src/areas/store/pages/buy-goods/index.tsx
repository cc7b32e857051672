import { RouteFrame } from '@/components/page-frame';

/** 购买商品：查看商品详情，填写购买数量与充值账号后下单支付。 */
export default function BuyGoodsPage() {
  return <RouteFrame />;
}
