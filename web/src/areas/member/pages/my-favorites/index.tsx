import type { GoodsCard } from '@kapu/contract';
import { Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { getFavorites, removeFavorite } from '@/api/catalog';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { PageFrame } from '@/components/page-frame';
import { Img } from '@/components/img';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { stockText } from '@/areas/store/lib/price';
import { catalogKeys } from '@/api/keys';

/** 我的收藏：收藏的商品、当前价格与库存，可取消收藏或直接购买。 */
export default function MyFavoritesPage() {
  const meta = useRouteMeta();
  const navigate = useNavigate();
  const favorites = useQuery({ queryKey: catalogKeys.favorites, queryFn: () => unwrap(getFavorites()) });
  const remove = useAction({ call: removeFavorite, success: '已取消收藏', invalidates: [catalogKeys.favorites] });
  return (
    <PageFrame title="我的收藏" description={meta?.description}>
      <Card>
        <Table<GoodsCard>
          rowKey="id"
          loading={favorites.isLoading}
          dataSource={favorites.data ?? []}
          locale={{ emptyText: '还没有收藏商品，在商品页点“收藏”即可加入' }}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            {
              title: '图片',
              dataIndex: 'image',
              width: 80,
              render: (v: string) => (
                <Img src={v} style={{ width: 56, height: 42, objectFit: 'cover', borderRadius: 4 }} />
              ),
            },
            {
              title: '商品',
              dataIndex: 'name',
              render: (v: string, g) => <Link to={`/inside/buyGoods?goodId=${g.id}`}>{v}</Link>,
            },
            { title: '类型', dataIndex: 'typeText', render: (v: string) => <Tag>{v}</Tag> },
            { title: '我的价格', dataIndex: 'price', render: (v: number) => formatYuan(v) },
            { title: '库存', dataIndex: 'stock', render: (v: number) => stockText(v) },
            {
              title: '状态',
              dataIndex: 'status',
              render: (v: GoodsCard['status']) => (v === 'on_sale' ? <Tag color="green">在售</Tag> : <Tag>已下架</Tag>),
            },
            {
              title: '操作',
              key: 'op',
              render: (_: unknown, g) => (
                <Space>
                  <Button
                    type="primary"
                    size="small"
                    disabled={g.status !== 'on_sale'}
                    onClick={() => navigate(`/inside/buyGoods?goodId=${g.id}`)}
                  >
                    购买
                  </Button>
                  <Popconfirm title="取消收藏该商品？" onConfirm={() => remove.confirm(g.id)}>
                    <Button size="small">取消收藏</Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
