import { useState } from 'react';
import { Button, Card, Col, Form, Row, Typography } from 'antd';
import type { CdkBalanceRedeemed } from '@kapu/contract';
import { redeemCdkBalance } from '@/api/cdk';
import { accountKeys, cdkKeys } from '@/api/keys';
import { formatYuan } from '@/app/format';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useIsMember } from '@/hooks/use-catalog';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { BalanceRedeemed, CodeField, LoginToRedeem } from '../../lib/redeem-forms';

/** 兑换码充值：输入余额兑换码，将面值充入账户余额（需登录）。 */
export default function RechargePage() {
  const meta = useRouteMeta();
  const member = useIsMember();
  const [done, setDone] = useState<CdkBalanceRedeemed>();
  const [form] = Form.useForm<{ code: string }>();
  const redeem = useAction({
    call: (v: { code: string }) => redeemCdkBalance(v.code),
    success: (r) => `已充值 ${formatYuan(r.amount)}`,
    invalidates: [accountKeys.account, cdkKeys.mineAll],
    onSuccess: (r) => {
      setDone(r);
      form.resetFields();
    },
  });
  return (
    <PageFrame title="兑换码充值" description={meta?.description}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={14}>
          <Card>
            {done ? (
              <>
                <BalanceRedeemed result={done} />
                <Button block onClick={() => setDone(undefined)}>
                  继续兑换
                </Button>
              </>
            ) : !member ? (
              <LoginToRedeem text="余额兑换码需要登录后兑换到你的账户" />
            ) : (
              <Form form={form} layout="vertical" onFinish={redeem.run}>
                <CodeField />
                <Button type="primary" htmlType="submit" loading={redeem.isPending} block>
                  立即兑换
                </Button>
              </Form>
            )}
          </Card>
        </Col>
        <Col xs={24} md={10}>
          <Card title="兑换说明">
            <Typography.Paragraph>
              1. 余额兑换码兑换后，面值立即充入当前登录账户，可在“资金明细”中查看。
            </Typography.Paragraph>
            <Typography.Paragraph>
              2. 每个兑换码按发放时的设置可兑换一次或多次，同一会员只能兑换一次。
            </Typography.Paragraph>
            <Typography.Paragraph>
              3. 商品兑换码请到<a href="/cdk/order">兑换商品</a>页面兑换；为防止猜测，输错次数过多会暂时限制兑换。
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </PageFrame>
  );
}
