import { useState, type ReactNode } from 'react';
import { Button, Empty, Form, Input, InputNumber, Radio, Select, Space, Upload } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  DECOR_CONTACT_KINDS,
  DECOR_LIMITS,
  DecorContactLabels,
  isSafeLink,
  type DecorBannerBlock,
  type DecorBlock,
  type DecorContactsBlock,
  type DecorDirsBlock,
  type DecorFooterBlock,
  type DecorGoodsBlock,
  type DecorNoticeBlock,
  type DecorRichTextBlock,
} from '@kapu/contract';
import { getGoodsList, type GoodsListQuery } from '@/api/catalog';
import { catalogKeys } from '@/api/keys';
import { formatYuan } from '@/app/format';
import { unwrap } from '@/app/http/unwrap';
import { Img } from '@/components/img';
import { RichTextEditor } from '@/components/rich-text-editor';
import { useAction } from '@/hooks/use-action';
import { useBuyerKey, useDirs } from '@/hooks/use-catalog';
import { moveItem } from './new-block';

/** Uploads a picture and resolves to its address (the member's or the staff's upload call). */
export type UploadImage = (file: File) => Promise<string>;

interface PanelProps<B extends DecorBlock> {
  block: B;
  onChange: (next: B) => void;
  upload: UploadImage;
}

const LINK_HELP = '可留空。本站地址以 / 开头，如 /inside/goodsList?dirId=1；外部网址以 https:// 开头';

function LinkField({
  label = '链接',
  value,
  onChange,
}: {
  label?: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const bad = value.trim() !== '' && !isSafeLink(value.trim());
  return (
    <Form.Item
      label={label}
      validateStatus={bad ? 'error' : undefined}
      help={bad ? '链接只能是 http:// 或 https:// 开头的网址，或以 / 开头的本站地址' : LINK_HELP}
    >
      <Input
        aria-label={label}
        value={value}
        maxLength={DECOR_LIMITS.linkChars}
        placeholder="/inside/goodsList 或 https://"
        onChange={(e) => onChange(e.target.value)}
      />
    </Form.Item>
  );
}

/** Up, down and delete for one row of a list inside a block. */
function RowTools({
  index,
  count,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  return (
    <Space size={0}>
      <Button
        size="small"
        type="text"
        icon={<ArrowUpOutlined />}
        aria-label="上移"
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      />
      <Button
        size="small"
        type="text"
        icon={<ArrowDownOutlined />}
        aria-label="下移"
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      />
      <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="删除" onClick={onRemove} />
    </Space>
  );
}

function ImageField({
  value,
  onChange,
  upload,
}: {
  value: string;
  onChange: (url: string) => void;
  upload: UploadImage;
}) {
  const sending = useAction<File, string>({ task: upload, onSuccess: (url) => onChange(url) });
  return (
    <Space align="start">
      {value ? (
        <Img src={value} alt="" className="decor-panel-thumb" />
      ) : (
        <div className="decor-panel-thumb decor-panel-thumb-empty">未上传</div>
      )}
      <Upload
        accept="image/jpeg,image/png,image/gif,image/webp"
        showUploadList={false}
        beforeUpload={(file) => {
          sending.run(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={sending.isPending}>
          {value ? '更换图片' : '上传图片'}
        </Button>
      </Upload>
    </Space>
  );
}

function BannerPanel({ block, onChange, upload }: PanelProps<DecorBannerBlock>) {
  const slides = block.slides;
  const setSlides = (next: DecorBannerBlock['slides']) => onChange({ ...block, slides: next });
  return (
    <>
      <Form.Item label="高度">
        <Radio.Group
          value={block.height}
          onChange={(e) => onChange({ ...block, height: e.target.value as DecorBannerBlock['height'] })}
          options={[
            { value: 'small', label: '矮' },
            { value: 'medium', label: '中' },
            { value: 'large', label: '高' },
          ]}
          optionType="button"
        />
      </Form.Item>
      {slides.length === 0 && <Empty description="还没有图片，请添加" image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      {slides.map((s, i) => (
        <div key={i} className="decor-panel-row">
          <div className="decor-panel-row-head">
            <strong>第 {i + 1} 张</strong>
            <RowTools
              index={i}
              count={slides.length}
              onMove={(to) => setSlides(moveItem(slides, i, to))}
              onRemove={() => setSlides(slides.filter((_x, j) => j !== i))}
            />
          </div>
          <Form.Item label="图片" extra="建议宽 1200 像素，JPG、PNG、GIF、WEBP，不超过 5 MB">
            <ImageField
              value={s.image}
              upload={upload}
              onChange={(image) => setSlides(slides.map((x, j) => (j === i ? { ...x, image } : x)))}
            />
          </Form.Item>
          <Form.Item label="图片标题">
            <Input
              aria-label="图片标题"
              value={s.title}
              maxLength={40}
              placeholder="可留空"
              onChange={(e) => setSlides(slides.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)))}
            />
          </Form.Item>
          <LinkField
            value={s.link}
            onChange={(link) => setSlides(slides.map((x, j) => (j === i ? { ...x, link } : x)))}
          />
        </div>
      ))}
      <Button
        block
        icon={<PlusOutlined />}
        disabled={slides.length >= DECOR_LIMITS.slides}
        onClick={() => setSlides([...slides, { image: '', link: '', title: '' }])}
      >
        添加图片（最多 {DECOR_LIMITS.slides} 张）
      </Button>
    </>
  );
}

function NoticePanel({ block, onChange }: PanelProps<DecorNoticeBlock>) {
  return (
    <>
      <Form.Item label="公告内容" required>
        <Input.TextArea
          aria-label="公告内容"
          value={block.text}
          maxLength={200}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          onChange={(e) => onChange({ ...block, text: e.target.value.replace(/[\r\n]+/g, ' ') })}
        />
      </Form.Item>
      <LinkField value={block.link} onChange={(link) => onChange({ ...block, link })} />
    </>
  );
}

function TitleField({ value, onChange, hint }: { value: string; onChange: (v: string) => void; hint?: string }) {
  return (
    <Form.Item label="标题">
      <Input
        aria-label="标题"
        value={value}
        maxLength={30}
        placeholder={hint ?? '可留空'}
        onChange={(e) => onChange(e.target.value)}
      />
    </Form.Item>
  );
}

/** Directories as options, children under their parent's name. */
function useDirOptions() {
  const dirs = useDirs();
  return (dirs.data ?? []).flatMap((d) => [
    { value: d.id, label: d.name },
    ...d.children.map((c) => ({ value: c.id, label: `${d.name} / ${c.name}` })),
  ]);
}

function DirsPanel({ block, onChange }: PanelProps<DecorDirsBlock>) {
  const options = useDirOptions();
  return (
    <>
      <TitleField value={block.title} onChange={(title) => onChange({ ...block, title })} />
      <Form.Item label="展示哪些分类">
        <Radio.Group
          value={block.mode}
          onChange={(e) => onChange({ ...block, mode: e.target.value as DecorDirsBlock['mode'] })}
          options={[
            { value: 'all', label: '全部分类' },
            { value: 'chosen', label: '指定分类' },
          ]}
        />
      </Form.Item>
      {block.mode === 'chosen' && (
        <Form.Item label="分类" required extra={`按选择的顺序展示，最多 ${DECOR_LIMITS.dirIds} 个`}>
          <Select
            aria-label="选择分类"
            mode="multiple"
            value={block.dirIds}
            options={options}
            maxCount={DECOR_LIMITS.dirIds}
            optionFilterProp="label"
            placeholder="选择分类"
            onChange={(dirIds: number[]) => onChange({ ...block, dirIds })}
          />
        </Form.Item>
      )}
    </>
  );
}

/** Picks goods by searching the storefront list (the viewer's prices); chosen ones keep their labels. */
function GoodsChooser({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const buyer = useBuyerKey();
  const [keyword, setKeyword] = useState('');
  const chosenQuery: GoodsListQuery = { ids: value, pageSize: Math.max(1, value.length) };
  const chosen = useQuery({
    queryKey: catalogKeys.list(buyer, chosenQuery),
    queryFn: () => unwrap(getGoodsList(chosenQuery), { toast: false }),
    enabled: value.length > 0,
  });
  const searchQuery: GoodsListQuery = { keyword: keyword.trim() || undefined, pageSize: 20 };
  const found = useQuery({
    queryKey: catalogKeys.list(buyer, searchQuery),
    queryFn: () => unwrap(getGoodsList(searchQuery), { toast: false }),
  });
  const seen = new Set<number>();
  const options = [...(chosen.data?.list ?? []), ...(found.data?.list ?? [])]
    .filter((g) => !seen.has(g.id) && (seen.add(g.id), true))
    .map((g) => ({ value: g.id, label: `${g.name}（${formatYuan(g.price)}）` }));
  return (
    <Select
      aria-label="选择商品"
      mode="multiple"
      showSearch
      filterOption={false}
      value={value}
      options={options}
      maxCount={DECOR_LIMITS.goodsIds}
      loading={found.isFetching}
      placeholder="输入商品名称搜索"
      onSearch={setKeyword}
      onChange={(ids: number[]) => onChange(ids)}
      notFoundContent={found.isFetching ? '搜索中…' : '没有找到商品'}
    />
  );
}

function GoodsPanel({ block, onChange }: PanelProps<DecorGoodsBlock>) {
  const dirOptions = useDirOptions();
  return (
    <>
      <TitleField value={block.title} onChange={(title) => onChange({ ...block, title })} />
      <Form.Item label="商品来源">
        <Radio.Group
          value={block.source}
          onChange={(e) => onChange({ ...block, source: e.target.value as DecorGoodsBlock['source'] })}
          options={[
            { value: 'dir', label: '按分类' },
            { value: 'chosen', label: '指定商品' },
          ]}
        />
      </Form.Item>
      {block.source === 'dir' ? (
        <>
          <Form.Item label="分类">
            <Select
              aria-label="商品分类"
              allowClear
              value={block.dirId ?? undefined}
              options={dirOptions}
              optionFilterProp="label"
              placeholder="全部商品"
              onChange={(dirId?: number) => onChange({ ...block, dirId: dirId ?? null })}
            />
          </Form.Item>
          <Form.Item label="展示数量">
            <InputNumber
              aria-label="展示数量"
              min={1}
              max={DECOR_LIMITS.goodsCount}
              precision={0}
              value={block.count}
              onChange={(count) => onChange({ ...block, count: count ?? 8 })}
            />
          </Form.Item>
        </>
      ) : (
        <Form.Item
          label="商品"
          required
          extra={`按选择的顺序展示，最多 ${DECOR_LIMITS.goodsIds} 个；价格按浏览者的等级显示`}
        >
          <GoodsChooser value={block.goodsIds} onChange={(goodsIds) => onChange({ ...block, goodsIds })} />
        </Form.Item>
      )}
    </>
  );
}

function RichTextPanel({ block, onChange, upload }: PanelProps<DecorRichTextBlock>) {
  return (
    <Form.Item label="图文内容" extra="保存时由服务器净化：脚本、事件属性与不安全的链接会被移除">
      <RichTextEditor
        ariaLabel="图文内容"
        value={block.html}
        minHeight={240}
        uploadImage={upload}
        onChange={(html) => onChange({ ...block, html })}
      />
    </Form.Item>
  );
}

function ContactsPanel({ block, onChange }: PanelProps<DecorContactsBlock>) {
  const items = block.items;
  const setItems = (next: DecorContactsBlock['items']) => onChange({ ...block, items: next });
  return (
    <>
      <TitleField value={block.title} hint="联系我们" onChange={(title) => onChange({ ...block, title })} />
      {items.map((c, i) => (
        <div key={i} className="decor-panel-inline">
          <Select
            aria-label="联系方式类型"
            value={c.kind}
            style={{ width: 88 }}
            options={DECOR_CONTACT_KINDS.map((k) => ({ value: k, label: DecorContactLabels[k] }))}
            onChange={(kind) => setItems(items.map((x, j) => (j === i ? { ...x, kind } : x)))}
          />
          <Input
            aria-label="联系方式"
            value={c.value}
            maxLength={60}
            placeholder="号码或说明"
            onChange={(e) => setItems(items.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))}
          />
          <RowTools
            index={i}
            count={items.length}
            onMove={(to) => setItems(moveItem(items, i, to))}
            onRemove={() => setItems(items.filter((_x, j) => j !== i))}
          />
        </div>
      ))}
      <Button
        block
        icon={<PlusOutlined />}
        disabled={items.length >= DECOR_LIMITS.contacts}
        onClick={() => setItems([...items, { kind: 'wechat', value: '' }])}
      >
        添加联系方式
      </Button>
    </>
  );
}

function FooterPanel({ block, onChange }: PanelProps<DecorFooterBlock>) {
  const links = block.links;
  const setLinks = (next: DecorFooterBlock['links']) => onChange({ ...block, links: next });
  return (
    <>
      <Form.Item label="页脚文字">
        <Input
          aria-label="页脚文字"
          value={block.text}
          maxLength={200}
          onChange={(e) => onChange({ ...block, text: e.target.value })}
        />
      </Form.Item>
      {links.map((l, i) => (
        <div key={i} className="decor-panel-row">
          <div className="decor-panel-row-head">
            <strong>链接 {i + 1}</strong>
            <RowTools
              index={i}
              count={links.length}
              onMove={(to) => setLinks(moveItem(links, i, to))}
              onRemove={() => setLinks(links.filter((_x, j) => j !== i))}
            />
          </div>
          <Form.Item label="文字">
            <Input
              aria-label="链接文字"
              value={l.label}
              maxLength={20}
              onChange={(e) => setLinks(links.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)))}
            />
          </Form.Item>
          <LinkField
            label="地址"
            value={l.url}
            onChange={(url) => setLinks(links.map((x, j) => (j === i ? { ...x, url } : x)))}
          />
        </div>
      ))}
      <Button
        block
        icon={<PlusOutlined />}
        disabled={links.length >= DECOR_LIMITS.footerLinks}
        onClick={() => setLinks([...links, { label: '', url: '' }])}
      >
        添加链接
      </Button>
    </>
  );
}

/** The property panel of one block. */
export function BlockPanel({ block, onChange, upload }: PanelProps<DecorBlock>): ReactNode {
  const set = onChange as (next: DecorBlock) => void;
  switch (block.type) {
    case 'banner':
      return <BannerPanel block={block} onChange={set} upload={upload} />;
    case 'notice':
      return <NoticePanel block={block} onChange={set} upload={upload} />;
    case 'dirs':
      return <DirsPanel block={block} onChange={set} upload={upload} />;
    case 'goods':
      return <GoodsPanel block={block} onChange={set} upload={upload} />;
    case 'richText':
      return <RichTextPanel block={block} onChange={set} upload={upload} />;
    case 'contacts':
      return <ContactsPanel block={block} onChange={set} upload={upload} />;
    case 'footer':
      return <FooterPanel block={block} onChange={set} upload={upload} />;
  }
}
