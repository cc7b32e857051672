import { useEffect } from 'react';
import { Form, Input, Modal, Radio, Typography } from 'antd';
import { PriceKindLabels } from '@kapu/contract';
import { putOnMarket } from '@/api/site-owner';
import { catalogKeys, siteOwnerKeys } from '@/api/keys';
import { YUAN_TEXT } from '@/app/yuan';
import { useAction } from '@/hooks/use-action';

const PERCENT_TEXT = /^(0|[1-9]\d{0,3})(\.\d{1,2})?$/;

interface MarkupValues {
  kind: 'none' | 'percent' | 'fixed';
  value?: string;
}

/**
 * 批量上架并加价：选中的商品上架到分站；选了加价方式时，每件商品都设置这条单独的买家加价
 * （已有的单独加价被替换），否则按店铺的全局、区间或目录规则定价。
 */
export function MarkupModal({ ids, onClose }: { ids: number[] | null; onClose: (done: boolean) => void }) {
  const [form] = Form.useForm<MarkupValues>();
  const kind = Form.useWatch('kind', form);
  useEffect(() => {
    if (ids) form.setFieldsValue({ kind: 'none', value: '' });
  }, [ids, form]);
  const putOn = useAction({
    call: (v: MarkupValues) =>
      putOnMarket(ids ?? [], v.kind === 'none' ? undefined : { kind: v.kind, value: (v.value ?? '').trim() }),
    success: (r) => `已上架 ${r.shown} 件${r.priced ? `，${r.priced} 件已设置加价` : ''}`,
    invalidates: [siteOwnerKeys.all, catalogKeys.all],
    onSuccess: () => onClose(true),
  });
  return (
    <Modal
      title={`上架 ${ids?.length ?? 0} 件商品`}
      open={ids !== null}
      okText="确认上架"
      confirmLoading={putOn.isPending}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form<MarkupValues> form={form} layout="vertical" onFinish={(v) => putOn.run(v)}>
        <Form.Item label="加价方式" name="kind">
          <Radio.Group
            options={[
              { value: 'none', label: '按店铺规则' },
              { value: 'percent', label: PriceKindLabels.percent },
              { value: 'fixed', label: PriceKindLabels.fixed },
            ]}
          />
        </Form.Item>
        {kind && kind !== 'none' && (
          <Form.Item
            label={kind === 'percent' ? '加价比例' : '每件加价'}
            name="value"
            rules={[
              { required: true, message: '请输入数值' },
              kind === 'percent'
                ? { pattern: PERCENT_TEXT, message: '加价比例须为不小于 0 的数字，最多两位小数' }
                : { pattern: YUAN_TEXT, message: '金额须为不小于 0 的数字，最多两位小数' },
            ]}
          >
            <Input
              style={{ width: 200 }}
              prefix={kind === 'fixed' ? '¥' : undefined}
              suffix={kind === 'percent' ? '%' : '元'}
              placeholder={kind === 'percent' ? '如 10' : '如 1.50'}
            />
          </Form.Item>
        )}
        <Typography.Text type="secondary">
          {kind === 'none' || !kind
            ? '商品按您在“分站店铺”中设置的全局、区间或目录规则定价。'
            : '每件商品都会设置这条单独的买家加价，已有的单独加价将被替换。'}
        </Typography.Text>
      </Form>
    </Modal>
  );
}
