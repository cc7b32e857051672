import { lazy, Suspense } from 'react';
import { Button, Result } from 'antd';
import { siteChainCodes, type SiteInfo } from '@kapu/contract';
import { BusinessError } from '../http/envelope';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useSiteInfo } from '@/hooks/use-site-info';
import { useStoredSession } from '@/hooks/use-stored-session';
import { readSiteTitle, readUserToken } from '../storage/local';
import { Img } from '@/components/img';
import './store-layout.css';

// Only the home page shows it: loaded on demand so other storefront pages stay light.
const PopupAnnouncement = lazy(() =>
  import('@/components/popup-announcement').then((m) => ({ default: m.PopupAnnouncement })),
);

const NAV = [
  { to: '/', label: '首页', end: true },
  { to: '/inside/goodsdir', label: '商品分类' },
  { to: '/chadan', label: '订单查询' },
  { to: '/chajia', label: '价格查询' },
  { to: '/announcement', label: '公告' },
];

/** The light storefront frame: top navigation and footer, no back-office shell. */
export default function StoreLayout() {
  const { data: site, error } = useSiteInfo();
  const missing = error instanceof BusinessError && error.code === siteChainCodes.SITE_NOT_FOUND.code;
  const loggedIn = useStoredSession(readUserToken) !== null;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const title = missing ? '站点不存在' : site?.title || readSiteTitle() || '卡铺';
  return (
    <div className="store">
      <header className="store-top">
        <div className="store-top-inner">
          <Link to="/" className="store-brand">
            {site?.logo ? (
              <Img src={site.logo} alt="" className="store-logo" />
            ) : (
              <span className="store-logo-mark" aria-hidden />
            )}
            <span className="store-brand-name">{title}</span>
          </Link>
          <nav className="store-nav" aria-label="主导航">
            {NAV.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.end} className="store-nav-link">
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="store-actions">
            {loggedIn ? (
              <Button type="primary" onClick={() => navigate('/inside/index')}>
                会员中心
              </Button>
            ) : (
              <>
                <Button type="text" onClick={() => navigate('/login')}>
                  登录
                </Button>
                <Button type="primary" onClick={() => navigate('/register')}>
                  注册
                </Button>
              </>
            )}
          </div>
        </div>
      </header>
      <main className="store-main">
        {missing ? (
          <Result status="404" title="站点不存在" subTitle="该分站地址不存在或已更换，请确认链接是否正确。" />
        ) : site && site.status !== 'active' ? (
          <SiteClosed site={site} />
        ) : (
          <Outlet />
        )}
      </main>
      {pathname === '/' && (
        <Suspense fallback={null}>
          <PopupAnnouncement />
        </Suspense>
      )}
      <footer className="store-footer">
        <span>
          © {new Date().getFullYear()} {title}
        </span>
        <Link to="/service">联系客服</Link>
        <Link to="/inside/visitorOrder">游客订单</Link>
      </footer>
    </div>
  );
}

const CLOSED_TITLES: Record<Exclude<SiteInfo['status'], 'active'>, string> = {
  closed: '本站暂时关闭',
  suspended: '本站已暂停服务',
  expired: '本站已到期',
};

/** What a sub-site that does not serve shows instead of its pages (its data is kept). */
function SiteClosed({ site }: { site: SiteInfo }) {
  const status = site.status as Exclude<SiteInfo['status'], 'active'>;
  const detail =
    status === 'closed'
      ? site.closedReason || '站长暂时关闭了本站，请稍后再来。'
      : status === 'expired'
        ? '本站已到期，站长续费后即可恢复访问。'
        : '本站因违反平台规则已被暂停服务，如有疑问请联系平台客服。';
  return <Result status="warning" title={CLOSED_TITLES[status]} subTitle={detail} />;
}
