import { useEffect, useState, type ReactNode } from 'react';
import { Empty, Skeleton } from 'antd';
import {
  MailOutlined,
  MessageOutlined,
  PhoneOutlined,
  QqOutlined,
  SoundOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  DecorContactLabels,
  isSafeLink,
  type DecorBannerBlock,
  type DecorBlock,
  type DecorContactKind,
  type DecorContactsBlock,
  type DecorDirsBlock,
  type DecorFooterBlock,
  type DecorGoodsBlock,
  type DecorNoticeBlock,
  type GoodsDir,
} from '@kapu/contract';
import { getGoodsList, type GoodsListQuery } from '@/api/catalog';
import { catalogKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { DirTree, GoodsGrid } from '@/components/goods-grid';
import { Img } from '@/components/img';
import { useBuyerKey, useDirs } from '@/hooks/use-catalog';
import { previewSafeHtml } from './preview-html';
import './decor-blocks.css';

/**
 * The blocks of a decorated storefront home (装修), one component per block type. The storefront
 * renders the published layout with them and the editor's live preview renders the draft with the
 * same components, so what the owner sees is what buyers get. Goods come from the storefront's
 * goods list call, so prices are the viewer's own.
 */

/** A block's link: a route on this site, an outside address in a new tab, or no link at all. */
function BlockLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  if (!to || !isSafeLink(to)) return <span className={className}>{children}</span>;
  if (to.startsWith('/'))
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    );
  return (
    <a href={to} className={className} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

function BlockTitle({ title, extra }: { title: string; extra?: ReactNode }) {
  if (!title && !extra) return null;
  return (
    <div className="decor-block-head">
      <h2 className="decor-block-title">{title}</h2>
      {extra}
    </div>
  );
}

const BANNER_INTERVAL_MS = 5_000;

function BannerBlock({ block }: { block: DecorBannerBlock }) {
  const [index, setIndex] = useState(0);
  const count = block.slides.length;
  const current = index % count;
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count]);
  return (
    <section className={`decor-banner decor-banner-${block.height}`} aria-roledescription="轮播图">
      <div className="decor-banner-track" style={{ transform: `translateX(-${current * 100}%)` }}>
        {block.slides.map((s, i) => (
          <BlockLink key={i} to={s.link} className="decor-banner-slide">
            <Img src={s.image} alt={s.title || `轮播图 ${i + 1}`} />
            {s.title && <span className="decor-banner-title">{s.title}</span>}
          </BlockLink>
        ))}
      </div>
      {count > 1 && (
        <div className="decor-banner-dots">
          {block.slides.map((_s, i) => (
            <button
              key={i}
              type="button"
              aria-label={`第 ${i + 1} 张`}
              aria-current={i === current}
              className={i === current ? 'active' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}

function NoticeBlock({ block }: { block: DecorNoticeBlock }) {
  return (
    <BlockLink to={block.link} className="decor-notice">
      <SoundOutlined className="decor-notice-icon" />
      <span className="decor-notice-text">{block.text}</span>
    </BlockLink>
  );
}

/** The chosen directories in their order, found at either level of the tree. */
function chosenDirs(tree: GoodsDir[], ids: number[]): Array<{ id: number; name: string; icon: string }> {
  const all = tree.flatMap((d) => [d, ...d.children]);
  return ids.flatMap((id) => all.filter((d) => d.id === id));
}

function DirsBlock({ block }: { block: DecorDirsBlock }) {
  const dirs = useDirs();
  const tree = dirs.data ?? [];
  const title = <BlockTitle title={block.title} extra={<Link to="/inside/goodsdir">全部分类</Link>} />;
  if (dirs.isLoading)
    return (
      <section className="decor-card">
        {title}
        <Skeleton active />
      </section>
    );
  if (block.mode === 'all')
    return (
      <section className="decor-card">
        {title}
        <DirTree dirs={tree} />
      </section>
    );
  const chosen = chosenDirs(tree, block.dirIds);
  return (
    <section className="decor-card">
      {title}
      {chosen.length === 0 ? (
        <Empty description="还没有选择分类" />
      ) : (
        <div className="decor-dirs">
          {chosen.map((d) => (
            <Link key={d.id} to={`/inside/goodsList?dirId=${d.id}`} className="decor-dir">
              {d.icon ? (
                <Img src={d.icon} alt="" className="decor-dir-icon" />
              ) : (
                <span className="decor-dir-letter">{d.name.slice(0, 1)}</span>
              )}
              <span className="decor-dir-name">{d.name}</span>
            </Link>
          ))}
        </div>
      )}
    </section>
  );
}

function GoodsBlock({ block }: { block: DecorGoodsBlock }) {
  const buyer = useBuyerKey();
  const chosen = block.source === 'chosen';
  const query: GoodsListQuery = chosen
    ? { ids: block.goodsIds, pageSize: Math.max(1, block.goodsIds.length) }
    : { dirId: block.dirId ?? undefined, pageSize: block.count };
  const list = useQuery({
    queryKey: catalogKeys.list(buyer, query),
    queryFn: () => unwrap(getGoodsList(query), { toast: false }),
    enabled: !chosen || block.goodsIds.length > 0,
  });
  const rows = list.data?.list ?? [];
  // Chosen goods show in the owner's order; goods no longer on sale simply drop out.
  const goods = chosen ? block.goodsIds.flatMap((id) => rows.filter((g) => g.id === id)) : rows;
  const more = chosen ? undefined : (
    <Link to={block.dirId ? `/inside/goodsList?dirId=${block.dirId}` : '/inside/goodsList'}>更多</Link>
  );
  return (
    <section className="decor-card decor-goods">
      <BlockTitle title={block.title} extra={more} />
      {list.isLoading ? (
        <Skeleton active />
      ) : (
        <GoodsGrid goods={goods} empty={chosen && block.goodsIds.length === 0 ? '还没有选择商品' : '暂无商品'} />
      )}
    </section>
  );
}

function RichTextBlock({ html, preview }: { html: string; preview: boolean }) {
  // The storefront gets HTML the server sanitised on save; the editor previews unsaved text cleaned here.
  const safe = preview ? previewSafeHtml(html) : html;
  if (!safe.trim()) return preview ? <Empty description="图文内容为空" /> : null;
  return (
    <section className="decor-card">
      <div className="rich-text description-html" dangerouslySetInnerHTML={{ __html: safe }} />
    </section>
  );
}

const CONTACT_ICONS: Record<DecorContactKind, ReactNode> = {
  qq: <QqOutlined />,
  wechat: <WechatOutlined />,
  phone: <PhoneOutlined />,
  email: <MailOutlined />,
  text: <MessageOutlined />,
};

function ContactsBlock({ block }: { block: DecorContactsBlock }) {
  return (
    <section className="decor-card">
      <BlockTitle title={block.title || '联系我们'} />
      <ul className="decor-contacts">
        {block.items.map((c, i) => (
          <li key={i}>
            <span className="decor-contact-icon">{CONTACT_ICONS[c.kind]}</span>
            <span className="decor-contact-label">{DecorContactLabels[c.kind]}</span>
            <span className="decor-contact-value">
              {c.kind === 'phone' ? (
                <a href={`tel:${c.value.replace(/[^\d+]/g, '')}`}>{c.value}</a>
              ) : c.kind === 'email' ? (
                <a href={`mailto:${c.value}`}>{c.value}</a>
              ) : (
                c.value
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FooterBlock({ block }: { block: DecorFooterBlock }) {
  return (
    <footer className="decor-footer">
      {block.links.length > 0 && (
        <nav className="decor-footer-links">
          {block.links.map((l, i) => (
            <BlockLink key={i} to={l.url}>
              {l.label}
            </BlockLink>
          ))}
        </nav>
      )}
      {block.text && <div className="decor-footer-text">{block.text}</div>}
    </footer>
  );
}

/** One block as buyers see it; `preview` for the editor's unsaved draft. */
export function DecorBlockView({ block, preview = false }: { block: DecorBlock; preview?: boolean }) {
  switch (block.type) {
    case 'banner':
      return <BannerBlock block={block} />;
    case 'notice':
      return <NoticeBlock block={block} />;
    case 'dirs':
      return <DirsBlock block={block} />;
    case 'goods':
      return <GoodsBlock block={block} />;
    case 'richText':
      return <RichTextBlock html={block.html} preview={preview} />;
    case 'contacts':
      return <ContactsBlock block={block} />;
    case 'footer':
      return <FooterBlock block={block} />;
  }
}

/** The page the blocks make: a size container, so the blocks lay out for its width (phone preview too). */
export function DecorPage({ children }: { children: ReactNode }) {
  return <div className="decor-page">{children}</div>;
}

/** A published layout as the storefront home. */
export function DecorBlocks({ blocks }: { blocks: DecorBlock[] }) {
  return (
    <DecorPage>
      {blocks.map((b) => (
        <DecorBlockView key={b.key} block={b} />
      ))}
    </DecorPage>
  );
}
