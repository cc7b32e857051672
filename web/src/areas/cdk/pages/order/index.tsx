import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Row, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { checkCdk } from '@/api/cdk';
import { cdkKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { CdkPreviewCard } from '../../lib/cdk-preview';
import { BalanceRedeem, CodeField, GoodsRedeem } from '../../lib/redeem-forms';

/** 兑换商品：输入兑换码，查看可兑换的商品，游客填写联系方式与查询密码后兑换（卡密立即发放）。 */
export default function OrderPage() {
  const meta = useRouteMeta();
  const [code, setCode] = useState<string>();
  const preview = useQuery({
    queryKey: cdkKeys.check(code ?? ''),
    queryFn: () => unwrap(checkCdk(code!)),
    enabled: Boolean(code),
    retry: false,
  });
  return (
    <PageFrame title="兑换商品" description={meta?.description}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={14}>
          <Card>
            <Space orientation="vertical" size={16} style={{ width: '100%' }}>
              <Form<{ code: string }>
                layout="vertical"
                onFinish={(v) => setCode(v.code.trim())}
                onValuesChange={() => setCode(undefined)}
              >
                <CodeField />
                <Button htmlType="submit" loading={preview.isFetching} block>
                  查询兑换码
                </Button>
              </Form>
              {preview.data && code && (
                <>
                  <CdkPreviewCard preview={preview.data} />
                  {preview.data.kind === 'goods' ? (
                    <GoodsRedeem code={code} preview={preview.data} />
                  ) : (
                    <Alert
                      type="info"
                      showIcon
                      title="这是余额兑换码"
                      description={<BalanceRedeem code={code} active={preview.data.status === 'active'} />}
                    />
                  )}
                </>
              )}
            </Space>
          </Card>
        </Col>
        <Col xs={24} md={10}>
          <Card title="兑换说明">
            <Typography.Paragraph>1. 输入兑换码后先查看它可兑换的商品和数量，确认后兑换。</Typography.Paragraph>
            <Typography.Paragraph>
              2. 未登录也可兑换：请填写联系方式并设置查询密码，之后凭订单号和查询密码在
              <Link to="/chadan">订单查询</Link>中查看卡密。
            </Typography.Paragraph>
            <Typography.Paragraph>3. 兑换成功后卡密立即发放；人工或直充类商品由客服处理。</Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </PageFrame>
  );
}
