import { useState } from 'react';
import { Button, Radio, Typography } from 'antd';
import { ShopPriceModes, type ShopPriceMode } from '@kapu/contract';
import { doShopPrice } from '@/api/account';
import { useAction } from '@/hooks/use-action';
import { ACCOUNT_CHANGES } from '../use-security';

const MODE_HELP: Record<ShopPriceMode, string> = {
  level: '访客在您的店铺看到您当前会员等级的价格。',
  retail: '访客看到商品的零售价。',
  cost: '访客看到您的进货价（成本价）。',
};

/** 店铺售价显示方式（doShopPrice）：账户设置与「店铺售价」页共用。 */
export function ShopPriceForm({ mode }: { mode: ShopPriceMode }) {
  const [value, setValue] = useState<ShopPriceMode>(mode);
  const save = useAction({ call: doShopPrice, success: '店铺价格显示方式已保存', invalidates: ACCOUNT_CHANGES });
  return (
    <div style={{ maxWidth: 520 }}>
      <Radio.Group
        value={value}
        onChange={(e) => setValue(e.target.value as ShopPriceMode)}
        style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
      >
        {(Object.keys(ShopPriceModes) as ShopPriceMode[]).map((key) => (
          <Radio key={key} value={key}>
            <span>{ShopPriceModes[key]}</span>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {MODE_HELP[key]}
            </Typography.Text>
          </Radio>
        ))}
      </Radio.Group>
      <Button
        type="primary"
        onClick={() => save.run(value)}
        loading={save.isPending}
        disabled={value === mode}
        style={{ marginTop: 16 }}
      >
        保存
      </Button>
    </div>
  );
}
