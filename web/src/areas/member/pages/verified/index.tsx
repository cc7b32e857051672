import { Alert, Button, Card, Steps, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { PageFrame } from '@/components/page-frame';

/**
 * 实名认证：本站的实名认证由客服人工审核。服务端目前没有在线认证或认证状态的接口，
 * 所以这里不显示任何认证结果，只说明流程并引导联系客服。
 */
export default function VerifiedPage() {
  const meta = useRouteMeta();
  const navigate = useNavigate();
  return (
    <PageFrame title="实名认证" description={meta?.description}>
      <Card>
        <Alert type="info" showIcon title="本站的实名认证由客服人工审核" description="在线认证未开通，请按以下步骤联系客服办理。审核通过后客服会通知您。" style={{ marginBottom: 24 }} />
        <Steps
          orientation="vertical"
          current={-1}
          items={[
            { title: '联系客服', content: '通过「联系客服」页的 QQ、微信或电话联系本站客服，说明需要办理实名认证，并提供您的会员编号或登录名。' },
            { title: '提交资料', content: '按客服指引提供真实姓名与证件信息。请只通过本站公布的官方客服渠道提交，谨防冒充。' },
            { title: '等待审核', content: '客服人工核对后为您办理，结果以客服通知为准。' },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          温馨提示：本站不会以任何理由索要您的登录密码、交易密码或验证码。
        </Typography.Paragraph>
        <Button type="primary" onClick={() => navigate('/service')}>
          联系客服
        </Button>
      </Card>
    </PageFrame>
  );
}
