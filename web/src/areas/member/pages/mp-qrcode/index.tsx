import { useEffect } from 'react';
import { Alert, Button, Card, Image, Result, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { doWeixinBind, getWeixinBind } from '@/api/account';
import { unwrap } from '@/app/http/unwrap';
import { readUserToken } from '@/app/storage/local';
import { OAuthReturn } from '@/components/oauth-return';
import { useStoredSession } from '@/hooks/use-stored-session';
import { accountKeys } from '@/api/keys';

/** The QR and a status poll: bound shows as soon as the member finished on the phone. */
function MpQrcode() {
  const navigate = useNavigate();
  const qr = useQuery({
    queryKey: accountKeys.mpQrcode,
    queryFn: () => unwrap(doWeixinBind()),
    staleTime: 9 * 60_000,
    retry: false,
  });
  const status = useQuery({
    queryKey: accountKeys.weixinBind,
    queryFn: () => unwrap(getWeixinBind(), { toast: false }),
    refetchInterval: (q) => (q.state.data?.bound ? false : 3000),
  });
  const bound = status.data?.bound || qr.data?.bound;
  useEffect(() => {
    if (bound) void status.refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bound]);
  if (bound) {
    return (
      <Result
        status="success"
        title="公众号通知已绑定"
        extra={
          <Button type="primary" onClick={() => navigate('/inside/inter/myaccount?tab=weixin')}>
            返回账户设置
          </Button>
        }
      />
    );
  }
  if (qr.isError) return <Alert type="error" showIcon title="二维码获取失败" description={qr.error.message} />;
  if (!qr.data?.qrcode) return <Spin size="large" />;
  return (
    <div style={{ textAlign: 'center' }}>
      <Image src={qr.data.qrcode} alt="公众号绑定二维码" width={220} preview={false} />
      <Typography.Paragraph style={{ marginTop: 12 }}>
        请用微信扫描二维码，关注公众号并授权，完成后本页会自动显示结果。
      </Typography.Paragraph>
      <Typography.Text type="secondary">二维码 10 分钟内有效</Typography.Text>
    </div>
  );
}

/** 公众号扫码（/mpQrcode）：登录后显示公众号绑定二维码；授权回到本页时（带 code、state）完成绑定。 */
export default function MpQrcodePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loggedIn = useStoredSession(readUserToken) !== null;
  if (params.get('code') && params.get('state')) return <OAuthReturn kind="mp" />;
  return (
    <div className="auth-card-wrap">
      <Card title="微信公众号扫码绑定" style={{ maxWidth: 480, width: '100%' }}>
        {loggedIn ? (
          <MpQrcode />
        ) : (
          <Result
            status="info"
            title="请先登录"
            subTitle="登录会员账号后，扫码绑定微信公众号即可接收订单、资金和登录通知。"
            extra={
              <Button type="primary" onClick={() => navigate(`/login?redirect=${encodeURIComponent('/mpQrcode')}`)}>
                去登录
              </Button>
            }
          />
        )}
      </Card>
    </div>
  );
}
