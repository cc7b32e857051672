import { Button, Form, InputNumber, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { CheckoutSettings } from '@kapu/contract';
import { getCheckoutSettings, saveCheckoutSettings } from '@/api/orders';
import { unwrap } from '@/app/http/unwrap';
import { useAction } from '@/hooks/use-action';
import { LoadFailed } from '@/components/load-failed';
import { adminKeys } from '@/api/keys';

/** 下单与库存: how long unpaid orders hold stock, and what visitors (no account) may hold. */
export function CheckoutForm() {
  const query = useQuery({
    queryKey: adminKeys.checkoutSettings,
    queryFn: () => unwrap(getCheckoutSettings()),
  });
  const save = useAction({
    call: saveCheckoutSettings,
    success: '下单设置已保存',
    invalidates: [adminKeys.checkoutSettings],
  });
  if (query.isError) return <LoadFailed title="下单设置加载失败" onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton active />;
  return (
    <Form
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={query.data}
      onFinish={(v: CheckoutSettings) => save.run(v)}
    >
      <Form.Item
        label="未支付订单保留库存（分钟）"
        name="reserveMinutes"
        extra="下单后在这段时间内为买家保留库存，超时未支付自动关闭并释放库存"
        rules={[{ required: true, message: '请输入保留时间' }]}
      >
        <InputNumber min={1} max={1440} />
      </Form.Item>
      <Form.Item
        label="每个 IP 最多未支付的游客订单"
        name="visitorMaxOrders"
        extra="游客（未登录）同一 IP 同时持有的未支付订单上限；会员不受此限制"
        rules={[{ required: true, message: '请输入数量' }]}
      >
        <InputNumber min={1} max={100} />
      </Form.Item>
      <Form.Item
        label="每个 IP / 联系方式最多占用同一商品的数量"
        name="visitorMaxUnits"
        extra="游客未支付订单占用同一商品的件数上限"
        rules={[{ required: true, message: '请输入数量' }]}
      >
        <InputNumber min={1} max={100000} />
      </Form.Item>
      <Form.Item
        label="游客持有几笔未支付订单后需要图形验证码"
        name="visitorCaptchaAfter"
        extra="0 表示游客每次下单都要输入图形验证码"
        rules={[{ required: true, message: '请输入数量' }]}
      >
        <InputNumber min={0} max={100} />
      </Form.Item>
      <Form.Item
        label="游客最多占用的库存比例（%）"
        name="visitorStockShare"
        extra="所有游客未支付订单合计最多占用剩余库存的比例，保证会员始终能买到"
        rules={[{ required: true, message: '请输入比例' }]}
      >
        <InputNumber min={1} max={100} />
      </Form.Item>
      <Form.Item
        label="游客可查询最近多少天的订单"
        name="lookupDays"
        extra="更早的游客订单不能再凭查询密码查看（会员在“我的订单”中不受限制）"
        rules={[{ required: true, message: '请输入天数' }]}
      >
        <InputNumber min={1} max={3650} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存
      </Button>
    </Form>
  );
}
