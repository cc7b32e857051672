import { Button, Card, Col, Descriptions, Empty, Image, Row, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { getServiceContacts } from '@/api/content';
import { unwrap } from '@/app/http/unwrap';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { PageFrame } from '@/components/page-frame';
import { LoadFailed } from '@/components/load-failed';
import { contentKeys } from '@/api/keys';
import { siteUrl } from '@/app/site-base';
import { ConsultSection } from './consult';

/** 联系客服：管理员在后台设置的 QQ、微信（含二维码）、电话与服务时间。 */
export default function ServicePage() {
  const meta = useRouteMeta();
  const contacts = useQuery({
    queryKey: contentKeys.serviceContacts,
    queryFn: () => unwrap(getServiceContacts(), { toast: false }),
  });
  const data = contacts.data;
  const empty = data && !data.qq && !data.wechat && !data.wechatQr && !data.phone && !data.hours && !data.note;
  return (
    <PageFrame title="联系客服" description={meta?.description}>
      <Card>
        {contacts.isError ? (
          <LoadFailed title="客服信息加载失败" onRetry={() => void contacts.refetch()} />
        ) : !data ? (
          <Skeleton active />
        ) : empty ? (
          <Empty description="本站尚未公布客服联系方式" />
        ) : (
          <Row gutter={[24, 24]}>
            <Col xs={24} md={data.wechatQr ? 14 : 24}>
              <Descriptions column={1} bordered size="middle">
                {data.qq && (
                  <Descriptions.Item label="客服 QQ">
                    <Typography.Text copyable>{data.qq}</Typography.Text>
                  </Descriptions.Item>
                )}
                {data.wechat && (
                  <Descriptions.Item label="客服微信">
                    <Typography.Text copyable>{data.wechat}</Typography.Text>
                  </Descriptions.Item>
                )}
                {data.phone && (
                  <Descriptions.Item label="客服电话">
                    <a href={`tel:${data.phone.replace(/[^\d+-]/g, '')}`}>{data.phone}</a>
                  </Descriptions.Item>
                )}
                {data.hours && <Descriptions.Item label="服务时间">{data.hours}</Descriptions.Item>}
                {data.note && <Descriptions.Item label="说明">{data.note}</Descriptions.Item>}
              </Descriptions>
            </Col>
            {data.wechatQr && (
              <Col xs={24} md={10} style={{ textAlign: 'center' }}>
                <Typography.Title level={5}>微信扫码联系客服</Typography.Title>
                <Image src={data.wechatQr} alt="客服微信二维码" width={200} />
              </Col>
            )}
          </Row>
        )}
        <div style={{ marginTop: 24 }}>
          <Typography.Paragraph type="secondary">
            订单有问题？也可以先用「订单查询」查看订单状态与卡密。
          </Typography.Paragraph>
          <Button href={siteUrl('/chadan')}>订单查询</Button>
        </div>
      </Card>
      <ConsultSection />
    </PageFrame>
  );
}
