import { Alert, Button, Card, Empty, Input, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  AppstoreOutlined,
  HistoryOutlined,
  FileSearchOutlined,
  LoginOutlined,
  TagsOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useSiteInfo } from '@/hooks/use-site-info';
import { readSiteTitle } from '@/app/storage/local';
import { getGoodsList } from '@/api/catalog';
import { unwrap } from '@/app/http/unwrap';
import { DirTree, GoodsGrid } from '@/components/goods-grid';
import { useBuyerKey, useDirs } from '@/hooks/use-catalog';
import { getSiteLayout } from '@/api/decoration';
import { DecorBlocks } from '@/components/decor/decor-blocks';
import './home.css';
import { catalogKeys, decorKeys } from '@/api/keys';

const SHORTCUTS = [
  { to: '/inside/goodsdir', label: '商品分类', hint: '按分类浏览全部商品', icon: <AppstoreOutlined /> },
  { to: '/chadan', label: '订单查询', hint: '无需登录查订单与卡密', icon: <FileSearchOutlined /> },
  { to: '/inside/visitorOrder', label: '本机订单', hint: '本浏览器下过或查过的订单', icon: <HistoryOutlined /> },
  { to: '/chajia', label: '价格查询', hint: '查看各等级的商品价格', icon: <TagsOutlined /> },
  { to: '/login', label: '会员登录', hint: '登录后管理订单与余额', icon: <LoginOutlined /> },
  { to: '/register', label: '免费注册', hint: '注册即可享受会员价', icon: <UserAddOutlined /> },
];

/**
 * Storefront home: the site's published decoration (装修) when it has one, else the default home
 * (hero with search, shortcuts and the goods directory).
 */
export default function StoreHomePage() {
  const layout = useQuery({
    queryKey: decorKeys.layout,
    queryFn: () => unwrap(getSiteLayout(), { toast: false }),
    staleTime: 60_000,
  });
  if (layout.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  const blocks = layout.data?.blocks ?? [];
  if (blocks.length > 0) return <DecorBlocks blocks={blocks} />;
  return <DefaultHome />;
}

/** The home of a site without a decoration. */
function DefaultHome() {
  const { data: site } = useSiteInfo();
  const navigate = useNavigate();
  const title = site?.title || readSiteTitle() || '卡铺';
  const buyer = useBuyerKey();
  const dirs = useDirs();
  const hot = useQuery({
    queryKey: catalogKeys.homeHot(buyer),
    queryFn: () => unwrap(getGoodsList({ hot: 1, pageSize: 8 }), { toast: false }),
  });
  const recommended = useQuery({
    queryKey: catalogKeys.homeRecommended(buyer),
    queryFn: () => unwrap(getGoodsList({ recommended: 1, pageSize: 8 }), { toast: false }),
  });
  // Nothing flagged yet: the newest goods stand in, so a fresh shop's home is not empty.
  const latest = useQuery({
    queryKey: catalogKeys.homeLatest(buyer),
    queryFn: () => unwrap(getGoodsList({ sort: 'new', pageSize: 8 }), { toast: false }),
  });
  const hasDirs = (dirs.data?.length ?? 0) > 0;
  const hotList = hot.data?.list ?? [];
  const recList = recommended.data?.list ?? [];
  const showLatest =
    !hot.isLoading &&
    !recommended.isLoading &&
    hotList.length + recList.length === 0 &&
    (latest.data?.list.length ?? 0) > 0;
  return (
    <div className="store-home">
      <section className="store-hero">
        {/* Plain headings: the storefront's first load stays small (no Typography chunk). */}
        <h1 className="store-hero-title">{title}</h1>
        <p className="store-hero-sub">{site?.subtitle || '卡密、话费充值与各类商品，自动发货，随时查单'}</p>
        <Input.Search
          className="store-hero-search"
          size="large"
          placeholder="搜索商品名称"
          enterButton="搜索"
          allowClear
          onSearch={(value) => {
            const keyword = value.trim();
            if (keyword) navigate(`/inside/goodsList?keyword=${encodeURIComponent(keyword)}`);
          }}
        />
      </section>

      {site?.notice && (
        <Alert className="store-notice" type="info" showIcon title="站点公告" description={site.notice} />
      )}

      <nav className="store-shortcuts" aria-label="快捷入口">
        {SHORTCUTS.map((s) => (
          <Link key={s.to} to={s.to} className="store-shortcut">
            <span className="store-shortcut-icon">{s.icon}</span>
            <span className="store-shortcut-text">
              <strong>{s.label}</strong>
              <small>{s.hint}</small>
            </span>
          </Link>
        ))}
      </nav>

      <Card
        title="商品目录"
        extra={
          <Button type="link" onClick={() => navigate('/inside/goodsdir')}>
            全部分类
          </Button>
        }
      >
        {dirs.isLoading ? (
          <Skeleton active />
        ) : hasDirs ? (
          <DirTree dirs={dirs.data ?? []} />
        ) : (
          <Empty description="本站还没有上架商品，上架后会按分类显示在这里" />
        )}
      </Card>
      {hotList.length > 0 && (
        <Card title="热销商品" extra={<Link to="/inside/goodsList?sort=sales">更多</Link>}>
          <GoodsGrid goods={hotList} />
        </Card>
      )}
      {recList.length > 0 && (
        <Card title="推荐商品" extra={<Link to="/inside/goodsList">更多</Link>}>
          <GoodsGrid goods={recList} />
        </Card>
      )}
      {showLatest && (
        <Card title="最新上架" extra={<Link to="/inside/goodsList?sort=new">更多</Link>}>
          <GoodsGrid goods={latest.data?.list ?? []} />
        </Card>
      )}
    </div>
  );
}
