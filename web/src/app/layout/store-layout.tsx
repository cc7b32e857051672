import { lazy, Suspense } from 'react';
import { Button } from 'antd';
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
  const { data: site } = useSiteInfo();
  const loggedIn = useStoredSession(readUserToken) !== null;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const title = site?.title || readSiteTitle() || '卡铺';
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
        <Outlet />
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
