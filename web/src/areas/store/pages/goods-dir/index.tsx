import { Card, Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { PageFrame } from '@/components/page-frame';
import { LoadFailed } from '@/components/load-failed';
import { useBrands, useDirs } from '@/hooks/use-catalog';
import { useRouteMeta } from '@/hooks/use-route-meta';
import '@/components/goods-grid.css';

/** 商品分类：两级目录，每个目录下的品牌，点进商品列表。 */
export default function GoodsDirPage() {
  const meta = useRouteMeta();
  const dirs = useDirs();
  const brands = useBrands();
  const brandsOf = (dirIds: number[]) =>
    (brands.data ?? []).filter((b) => b.dirId !== null && dirIds.includes(b.dirId));
  return (
    <PageFrame title="商品分类" description={meta?.description}>
      {dirs.isError ? (
        <LoadFailed onRetry={() => void dirs.refetch()} />
      ) : dirs.isLoading ? (
        <Skeleton active />
      ) : (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          {(dirs.data ?? []).map((d) => {
            const dirBrands = brandsOf([d.id, ...d.children.map((c) => c.id)]);
            return (
              <Card
                key={d.id}
                title={<Link to={`/inside/goodsList?dirId=${d.id}`}>{d.name}</Link>}
                extra={<Link to={`/inside/goodsList?dirId=${d.id}`}>查看全部</Link>}
              >
                <div className="dir-block-children">
                  {d.children.length === 0 && (
                    <span style={{ color: 'rgba(0,0,0,.45)' }}>该分类下没有子分类，直接查看全部商品</span>
                  )}
                  {d.children.map((c) => (
                    <Link key={c.id} to={`/inside/goodsList?dirId=${c.id}`}>
                      <Tag color="blue" style={{ fontSize: 14, padding: '4px 10px' }}>
                        {c.name}
                      </Tag>
                    </Link>
                  ))}
                </div>
                {dirBrands.length > 0 && (
                  <div className="dir-block-children" style={{ marginTop: 12 }}>
                    <span style={{ color: 'rgba(0,0,0,.45)' }}>品牌：</span>
                    {dirBrands.map((b) => (
                      <Link key={b.id} to={`/inside/goodsList?dirId=${b.dirId}&brandId=${b.id}`}>
                        {b.name}
                      </Link>
                    ))}
                  </div>
                )}
              </Card>
            );
          })}
          {(dirs.data ?? []).length === 0 && <Card>还没有商品分类</Card>}
        </div>
      )}
    </PageFrame>
  );
}
