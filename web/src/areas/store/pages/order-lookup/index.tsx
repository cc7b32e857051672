import { Card, Col, Row, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { getLookupDays } from '@/api/orders';
import { getCookie } from '@/app/storage/cookies';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { LookupForm } from '../../lib/lookup-form';
import { useVisitorLookup } from '../../lib/use-lookup';
import { ordersKeys } from '@/api/keys';

/** Days visitors may look back, from the u-query-day cookie (it holds 1 − keyDay); null when not set yet. */
function daysFromCookie(): number | null {
  const raw = getCookie('u-query-day');
  const n = raw === undefined ? NaN : 1 - Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** 订单查询：订单号 + 查询密码或联系方式（不能只凭订单号），查到后打开订单详情并记在本机。 */
export default function OrderLookupPage() {
  const meta = useRouteMeta();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const lookup = useVisitorLookup();
  // The answer's keyDay sets the u-query-day cookie (1 − keyDay); the window is read back from it.
  const lookupWindow = useQuery({
    queryKey: ordersKeys.lookupDays,
    queryFn: async () => (await getLookupDays(), daysFromCookie()),
  });
  return (
    <PageFrame title="订单查询" description={meta?.description}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={14}>
          <Card>
            <LookupForm
              initial={{ orderNo: params.get('orderNo') ?? undefined }}
              loading={lookup.loading}
              limited={lookup.limited}
              failed={lookup.failed}
              onSubmit={(v) =>
                void lookup.run(v).then((order) => {
                  if (order) navigate(`/inside/visitorOrderDetail?orderNo=${order.orderNo}`, { state: { order } });
                })
              }
            />
          </Card>
        </Col>
        <Col xs={24} md={10}>
          <Card title="查单说明">
            <Typography.Paragraph>
              1. 订单号在下单成功页显示，游客下单的订单也保存在本浏览器的<Link to="/inside/visitorOrder">本机订单</Link>
              中。
            </Typography.Paragraph>
            <Typography.Paragraph>
              2. 查询密码是游客下单时自己设置的 6-32 位密码；忘记时可改用下单时填写的联系方式。
            </Typography.Paragraph>
            <Typography.Paragraph>3. 为防止他人猜测订单号，同一订单 10 分钟内最多查询 10 次。</Typography.Paragraph>
            {lookupWindow.data ? (
              <Typography.Paragraph>4. 可查询最近 {lookupWindow.data} 天内的订单。</Typography.Paragraph>
            ) : null}
            <Typography.Paragraph style={{ marginBottom: 0 }}>
              会员订单请<Link to="/login?redirect=/inside/myOrder">登录</Link>后在“我的订单”中查看。
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </PageFrame>
  );
}
