import { useState } from 'react';
import { DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import type { CdkKind } from '@kapu/contract';
import { getGoodsList } from '@/api/catalog';
import type { CdkTermsForm } from '@/api/cdk';
import { catalogKeys } from '@/api/keys';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';

/** The form's values before they are sent: the expiry as a picked day. */
export type CdkTermsValues = Omit<CdkTermsForm, 'expiresAt'> & { expiresOn?: Dayjs };

/** The terms as sent: the picked day's end (in the browser's zone) as epoch ms. */
export function termsOf(v: CdkTermsValues): CdkTermsForm {
  const { expiresOn, ...rest } = v;
  return { ...rest, expiresAt: expiresOn ? expiresOn.endOf('day').valueOf() : undefined };
}

/** Goods to pick, searched by name (the shop's on-sale goods, with the signed-in buyer's price). */
function GoodsPicker({ value, onChange }: { value?: number; onChange?: (id: number) => void }) {
  const [keyword, setKeyword] = useState<string>();
  const goods = useQuery({
    queryKey: catalogKeys.list('cdk-picker', { keyword }),
    queryFn: () => unwrap(getGoodsList({ keyword, pageSize: 50 })),
    placeholderData: keepPreviousData,
  });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim() || undefined) }}
      value={value}
      onChange={onChange}
      placeholder="搜索商品名称"
      loading={goods.isFetching}
      notFoundContent={goods.isFetching ? '加载中…' : '没有找到在售的商品'}
      options={(goods.data?.list ?? []).map((g) => ({
        value: g.id,
        label: `${g.name}（${g.typeText}，${formatYuan(g.price)}）`,
      }))}
    />
  );
}

/** What a code is for, as both the admin's batch form and the member's gift form ask it. */
export function CdkTermsFields({ maxCount, maxUses }: { maxCount: number; maxUses: number }) {
  const kind = Form.useWatch<CdkKind>('kind');
  return (
    <>
      <Form.Item label="类型" name="kind" rules={[{ required: true, message: '请选择兑换码类型' }]}>
        <Radio.Group
          options={[
            { value: 'goods', label: '兑换商品' },
            { value: 'balance', label: '兑换余额' },
          ]}
        />
      </Form.Item>
      {kind === 'goods' ? (
        <>
          <Form.Item label="商品" name="goodsId" rules={[{ required: true, message: '请选择要兑换的商品' }]}>
            <GoodsPicker />
          </Form.Item>
          <Form.Item label="每码商品数量" name="quantity" initialValue={1}>
            <InputNumber min={1} max={1000} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </>
      ) : (
        <Form.Item
          label="面值（元）"
          name="amount"
          rules={[
            { required: true, message: '请填写面值' },
            { pattern: /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/, message: '面值须为金额，最多两位小数' },
          ]}
        >
          <Input style={{ width: 160 }} placeholder="如 50.00" />
        </Form.Item>
      )}
      <Form.Item label="生成数量" name="count" initialValue={1} rules={[{ required: true, message: '请填写生成数量' }]}>
        <InputNumber min={1} max={maxCount} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        label="每码可兑换次数"
        name="uses"
        initialValue={1}
        extra="大于 1 时可供多位会员各兑换一次（需登录兑换）"
      >
        <InputNumber min={1} max={maxUses} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item label="有效期至" name="expiresOn" extra="不填则长期有效；到期当天 23:59:59 失效">
        <DatePicker style={{ width: 200 }} disabledDate={(d) => d.isBefore(new Date(), 'day')} />
      </Form.Item>
    </>
  );
}
