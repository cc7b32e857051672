import type { GoodsCard, GoodsDir } from '@kapu/contract';
import { Empty, Tag } from 'antd';
import { Link } from 'react-router';
import { priceLine, stockText } from '@/areas/store/lib/price';
import { Img } from './img';
import './goods-grid.css';

/** Goods as tiles: picture, name, the buyer's price (retail struck through when lower), stock. */
export function GoodsGrid({ goods, empty = '没有符合条件的商品' }: { goods: GoodsCard[]; empty?: string }) {
  if (goods.length === 0) return <Empty description={empty} />;
  return (
    <div className="goods-grid">
      {goods.map((g) => {
        const price = priceLine(g.price, g.basePrice);
        return (
          <Link key={g.id} to={`/inside/buyGoods?goodId=${g.id}`} className="goods-tile" data-goods-id={g.id}>
            <Img className="goods-tile-img" src={g.image} alt={g.name} />
            <div className="goods-tile-body">
              <div className="goods-tile-name">{g.name}</div>
              <div>
                <Tag color="blue">{g.typeText}</Tag>
                {g.hot && <Tag color="red">热销</Tag>}
                {g.recommended && <Tag color="gold">推荐</Tag>}
              </div>
              <div className="goods-tile-price">
                {price.main}
                {price.was && <span className="goods-tile-was">{price.was}</span>}
              </div>
              <div className="goods-tile-meta">
                <span>库存 {stockText(g.stock)}</span>
                <span>已售 {g.soldCount}</span>
              </div>
            </div>
          </Link>
        );
      })}
    </div>
  );
}

/** The two-level directory as blocks of links into the goods list. */
export function DirTree({ dirs }: { dirs: GoodsDir[] }) {
  if (dirs.length === 0) return <Empty description="还没有商品分类" />;
  return (
    <div className="dir-tree">
      {dirs.map((d) => (
        <div key={d.id} className="dir-block">
          <Link className="dir-block-title" to={`/inside/goodsList?dirId=${d.id}`}>
            {d.name}
          </Link>
          <div className="dir-block-children">
            {d.children.length === 0 ? (
              <Link to={`/inside/goodsList?dirId=${d.id}`}>全部商品</Link>
            ) : (
              d.children.map((c) => (
                <Link key={c.id} to={`/inside/goodsList?dirId=${c.id}`}>
                  {c.name}
                </Link>
              ))
            )}
          </div>
        </div>
      ))}
    </div>
  );
}
