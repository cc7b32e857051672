import { RouteFrame } from '@/components/page-frame';

/** 卡密库存：导入、查看与作废供货商品的卡密库存，重复卡密会自动排除。 */
export default function CardStockPage() {
  return <RouteFrame />;
}
