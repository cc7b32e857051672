import { Button, Card, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { CertifyStatusView } from '@kapu/contract';
import { certifyAlipayResult, certifyStatus } from '@/api/certify';
import { unwrap } from '@/app/http/unwrap';
import { readUserToken } from '@/app/storage/local';
import { certifyKeys } from '@/api/keys';

const DONE = new Set(['passed', 'failed', 'reviewing', 'none']);

/**
 * The outcome of an Alipay certification. `ask` = the return page: the server asks Alipay for
 * the real state (URL parameters are only a hint). Otherwise (notify pages) the status is polled
 * until it settles, showing a neutral "处理中".
 */
export function CertifyOutcome({ ask }: { ask: boolean }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const certifyId = params.get('certifyId') ?? params.get('certify_id') ?? undefined;
  // The result belongs to a member: a visitor (e.g. Alipay opened this page in another browser)
  // is asked to log in first, instead of meeting a "login expired" dialog.
  const loggedIn = readUserToken() !== null;
  const q = useQuery<CertifyStatusView>({
    enabled: loggedIn,
    queryKey: certifyKeys.outcome(ask, certifyId ?? ''),
    queryFn: () => unwrap(ask ? certifyAlipayResult(certifyId) : certifyStatus()),
    refetchInterval: (query) => (query.state.data && DONE.has(query.state.data.status) ? false : 3000),
    retry: false,
  });
  const links = [
    <Button type="primary" key="verified" onClick={() => navigate('/inside/verified')}>
      返回实名认证
    </Button>,
    <Button key="home" onClick={() => navigate('/inside/index')}>
      会员中心
    </Button>,
  ];
  const s = q.data;
  let body;
  const back = `${window.location.pathname}${window.location.search}`;
  if (!loggedIn)
    body = (
      <Result
        status="info"
        title="请登录后查看认证结果"
        subTitle="实名认证结果只对本人显示。"
        extra={
          <Button type="primary" onClick={() => navigate(`/login?redirect=${encodeURIComponent(back)}`)}>
            去登录
          </Button>
        }
      />
    );
  else if (q.isError)
    body = <Result status="warning" title="暂时无法获取认证结果" subTitle="请稍后在实名认证页面查看。" extra={links} />;
  else if (!s || s.status === 'pending')
    body = (
      <Result
        icon={<Spin size="large" />}
        title="认证结果处理中"
        subTitle="正在向支付宝确认认证结果，请稍候…"
        extra={links}
      />
    );
  else if (s.status === 'passed')
    body = <Result status="success" title="实名认证已通过" subTitle={`${s.realName} · ${s.idNumber}`} extra={links} />;
  else if (s.status === 'failed')
    body = (
      <Result
        status="error"
        title="实名认证未通过"
        subTitle={s.reason || '您可以返回实名认证页面重新认证，或改用人工审核。'}
        extra={links}
      />
    );
  else body = <Result status="info" title={s.statusText} subTitle="请在实名认证页面查看详情。" extra={links} />;
  return <Card>{body}</Card>;
}
