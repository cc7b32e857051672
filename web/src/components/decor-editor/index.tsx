import { useEffect, useMemo, useRef, useState, type DragEvent, type MouseEvent, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Drawer,
  Empty,
  Form,
  Popconfirm,
  Result,
  Segmented,
  Space,
  Spin,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import {
  AppstoreOutlined,
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowUpOutlined,
  BarsOutlined,
  CopyrightOutlined,
  DeleteOutlined,
  DesktopOutlined,
  FileTextOutlined,
  HistoryOutlined,
  HolderOutlined,
  MobileOutlined,
  PhoneOutlined,
  PictureOutlined,
  ShoppingOutlined,
  SoundOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  Codes,
  DECOR_BLOCK_TYPES,
  DECOR_LIMITS,
  DecorBlockLabels,
  decorBlocks,
  type DecorBlock,
  type DecorBlockType,
  type DecorEditorView,
  type DecorSaveAnswer,
  type DecorVersionView,
  type Paged,
} from '@kapu/contract';
import type { DecorSaveForm } from '@/api/decoration';
import { decorKeys } from '@/api/keys';
import { feedback } from '@/app/feedback';
import type { Envelope } from '@/app/http/envelope';
import { BusinessError } from '@/app/http/envelope';
import { unwrap } from '@/app/http/unwrap';
import { DecorBlockView, DecorPage } from '@/components/decor/decor-blocks';
import { useAction } from '@/hooks/use-action';
import { BlockPanel, type UploadImage } from './block-panels';
import { moveItem, newBlock, newBlockKey } from './new-block';
import './decor-editor.css';

/** The calls an editor works with: the owner's on their own site, or staff's on the platform. */
export interface DecorEditorApi {
  /** Query-key scope: the site path, or 'platform'. */
  scope: string;
  get: () => Promise<Envelope<DecorEditorView>>;
  save: (form: DecorSaveForm) => Promise<Envelope<DecorSaveAnswer>>;
  publish: (form: DecorSaveForm) => Promise<Envelope<DecorSaveAnswer>>;
  versions: (query: { page: number; pageSize: number }) => Promise<Envelope<Paged<DecorVersionView>>>;
  revert: (form: { number: number; publish: 0 | 1 }) => Promise<Envelope<DecorSaveAnswer>>;
  upload: UploadImage;
}

/** The width the desktop preview lays the page out at; it is scaled down to fit the canvas. */
const DESKTOP_PAGE_WIDTH = 1100;

/** How much to scale a `width`-wide page down to fit the element (never up). */
function useFitScale(width: number) {
  const ref = useRef<HTMLElement>(null);
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setScale(Math.min(1, Math.max(0.4, entry.contentRect.width / width)));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [width]);
  return { ref, scale };
}

const BLOCK_ICONS: Record<DecorBlockType, ReactNode> = {
  banner: <PictureOutlined />,
  notice: <SoundOutlined />,
  dirs: <AppstoreOutlined />,
  goods: <ShoppingOutlined />,
  richText: <FileTextOutlined />,
  contacts: <PhoneOutlined />,
  footer: <CopyrightOutlined />,
};

/** A one-line hint of what a block holds, for the block list. */
function blockSummary(b: DecorBlock): string {
  switch (b.type) {
    case 'banner':
      return `${b.slides.length} 张图片`;
    case 'notice':
      return b.text || '（未填写）';
    case 'dirs':
      return b.mode === 'all' ? '全部分类' : `${b.dirIds.length} 个分类`;
    case 'goods':
      return b.source === 'chosen' ? `${b.goodsIds.length} 个指定商品` : `按分类 · ${b.count} 个`;
    case 'richText':
      return b.html.replace(/<[^>]*>/g, '').slice(0, 20) || '（空）';
    case 'contacts':
      return `${b.items.length} 种联系方式`;
    case 'footer':
      return b.text || `${b.links.length} 个链接`;
  }
}

/** What stops a failed load from becoming an editor: who may not decorate, and why. */
function Refusal({ error, backTo }: { error: unknown; backTo: string }) {
  const navigate = useNavigate();
  const code = error instanceof BusinessError ? error.code : 0;
  const back = (
    <Button type="primary" onClick={() => navigate(backTo)}>
      返回
    </Button>
  );
  const openSite = (label: string) => (
    <Button type="primary" onClick={() => navigate('/inside/selfCreatVip')}>
      {label}
    </Button>
  );
  if (code === Codes.DECOR_NOT_OWNER.code)
    return (
      <Result
        status="403"
        title="无权装修此站点"
        subTitle="只能装修自己开通的分站，请检查地址中的站点路径。"
        extra={back}
      />
    );
  if (code === Codes.DECOR_NO_SITE.code)
    return (
      <Result
        status="info"
        title="您还没有开通分站"
        subTitle="开通分站后即可装修自己的店铺首页。"
        extra={openSite('开通分站')}
      />
    );
  if (code === Codes.DECOR_NOT_IN_VERSION.code)
    return (
      <Result
        status="warning"
        title="当前分站版本不支持店铺装修"
        subTitle="升级到包含“店铺装修”的版本后即可使用。"
        extra={openSite('升级版本')}
      />
    );
  return (
    <Result
      status="error"
      title="装修数据加载失败"
      subTitle={error instanceof Error ? error.message : '请稍后再试'}
      extra={back}
    />
  );
}

/**
 * The decoration editor (装修): block palette, the page's blocks (drag or arrows to reorder), a
 * property panel for the selected block, and a live preview drawn by the storefront's own block
 * components at desktop or phone width. 保存草稿 keeps the draft, 发布 makes it the storefront home,
 * 版本记录 restores an earlier published version.
 */
export function DecorEditor({
  api,
  heading,
  backTo,
  storefront,
}: {
  api: DecorEditorApi;
  heading: string;
  /** Where 返回 goes. */
  backTo: string;
  /** The storefront address to open after publishing (null: not reachable yet). */
  storefront: string | null;
}) {
  const loaded = useQuery({
    queryKey: decorKeys.editor(api.scope),
    queryFn: () => unwrap(api.get(), { toast: false }),
    // The editor holds unsaved work: never reload it behind the owner's back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
  if (loaded.isLoading)
    return (
      <div className="decor-editor-loading">
        <Spin size="large" />
      </div>
    );
  if (!loaded.data) return <Refusal error={loaded.error} backTo={backTo} />;
  // A revert reloads the editor: a fresh body starts from the reloaded draft.
  return (
    <EditorBody
      key={loaded.dataUpdatedAt}
      api={api}
      view={loaded.data}
      heading={heading}
      backTo={backTo}
      storefront={storefront}
    />
  );
}

function EditorBody({
  api,
  view,
  heading,
  backTo,
  storefront,
}: {
  api: DecorEditorApi;
  view: DecorEditorView;
  heading: string;
  backTo: string;
  storefront: string | null;
}) {
  const [blocks, setBlocks] = useState<DecorBlock[]>(view.draft.blocks);
  const [selected, setSelected] = useState<string | null>(view.draft.blocks[0]?.key ?? null);
  const [revision, setRevision] = useState(view.draft.revision);
  const [savedText, setSavedText] = useState(() => JSON.stringify(view.draft.blocks));
  const [live, setLive] = useState(view.live?.number ?? null);
  const [unpublished, setUnpublished] = useState(view.unpublished);
  const [device, setDevice] = useState<'desktop' | 'mobile'>('desktop');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const [versionsOpen, setVersionsOpen] = useState(false);

  const navigate = useNavigate();
  const canvas = useFitScale(DESKTOP_PAGE_WIDTH);
  const text = useMemo(() => JSON.stringify(blocks), [blocks]);
  const dirty = text !== savedText;

  // Leaving with unsaved changes asks first (closing the tab, reloading).
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const afterSave = (answer: DecorSaveAnswer, sent: string) => {
    setRevision(answer.revision);
    setSavedText(sent);
    if (answer.number !== null) {
      setLive(answer.number);
      setUnpublished(false);
    } else setUnpublished(true);
  };
  const saving = useAction({
    call: (form: DecorSaveForm) => api.save(form),
    success: '草稿已保存',
    onSuccess: (answer, form) => afterSave(answer, form.blocks),
  });
  const publishing = useAction({
    call: (form: DecorSaveForm) => api.publish(form),
    success: (answer) => `已发布为第 ${answer.number} 版，店铺首页已更新`,
    invalidates: [decorKeys.layout, decorKeys.versionsOf(api.scope)],
    onSuccess: (answer, form) => afterSave(answer, form.blocks),
  });

  /** The layout as the server will check it; the first problem selects its block. */
  const checked = (): DecorSaveForm | null => {
    const result = decorBlocks.safeParse(blocks);
    if (result.success) return { blocks: JSON.stringify(result.data), revision };
    const issue = result.error.issues[0]!;
    const at = typeof issue.path[0] === 'number' ? blocks[issue.path[0]] : undefined;
    if (at) setSelected(at.key);
    feedback().message.error(at ? `「${DecorBlockLabels[at.type]}」${issue.message}` : issue.message);
    return null;
  };

  const keys = new Set(blocks.map((b) => b.key));
  const selectedIndex = blocks.findIndex((b) => b.key === selected);
  const current = selectedIndex >= 0 ? blocks[selectedIndex] : undefined;

  const add = (type: DecorBlockType) => {
    if (blocks.length >= DECOR_LIMITS.blocks) {
      feedback().message.warning(`页面最多 ${DECOR_LIMITS.blocks} 个区块`);
      return;
    }
    const block = newBlock(type, newBlockKey(keys));
    const at = selectedIndex >= 0 ? selectedIndex + 1 : blocks.length;
    setBlocks([...blocks.slice(0, at), block, ...blocks.slice(at)]);
    setSelected(block.key);
  };
  const move = (from: number, to: number) => setBlocks(moveItem(blocks, from, to));
  const remove = (key: string) => {
    const i = blocks.findIndex((b) => b.key === key);
    const next = blocks.filter((b) => b.key !== key);
    setBlocks(next);
    if (selected === key) setSelected(next[Math.min(i, next.length - 1)]?.key ?? null);
  };
  const change = (next: DecorBlock) => setBlocks(blocks.map((b) => (b.key === next.key ? next : b)));

  const onDrop = (e: DragEvent, to: number) => {
    e.preventDefault();
    if (dragFrom !== null) move(dragFrom, to);
    setDragFrom(null);
    setDragOver(null);
  };
  // Links in the preview select their block instead of leaving the editor.
  const stayInPreview = (e: MouseEvent) => {
    if ((e.target as HTMLElement).closest('a')) e.preventDefault();
  };

  return (
    <div className="decor-editor">
      <header className="decor-editor-head">
        <Space size={12}>
          {dirty ? (
            <Popconfirm title="有未保存的修改，确定离开吗？" okText="离开" onConfirm={() => navigate(backTo)}>
              <Button icon={<ArrowLeftOutlined />}>返回</Button>
            </Popconfirm>
          ) : (
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(backTo)}>
              返回
            </Button>
          )}
          <Typography.Title level={4} className="decor-editor-title">
            {heading}
          </Typography.Title>
          <Typography.Text type="secondary">{view.site.title}</Typography.Text>
          {dirty ? (
            <Tag color="orange">有未保存的修改</Tag>
          ) : unpublished ? (
            <Tag color="blue">草稿未发布</Tag>
          ) : (
            <Tag color="green">{live ? `已发布 · 第 ${live} 版` : '未发布'}</Tag>
          )}
        </Space>
        <Space size={8} wrap>
          <Segmented
            aria-label="预览设备"
            value={device}
            onChange={(v) => setDevice(v as 'desktop' | 'mobile')}
            options={[
              { value: 'desktop', label: '电脑', icon: <DesktopOutlined /> },
              { value: 'mobile', label: '手机', icon: <MobileOutlined /> },
            ]}
          />
          <Button icon={<HistoryOutlined />} onClick={() => setVersionsOpen(true)}>
            版本记录
          </Button>
          {storefront && live !== null && (
            <Button href={storefront} target="_blank" rel="noopener noreferrer">
              查看店铺
            </Button>
          )}
          <Button
            loading={saving.isPending}
            disabled={publishing.isPending}
            onClick={() => {
              const form = checked();
              if (form) saving.run(form);
            }}
          >
            保存草稿
          </Button>
          <Popconfirm
            title="发布装修"
            description="发布后店铺首页立即显示当前内容，确定发布吗？"
            okText="发布"
            onConfirm={() => {
              const form = checked();
              // An invalid layout closes the popup: the message names the block to fix.
              return form ? publishing.confirm(form) : undefined;
            }}
          >
            <Button type="primary" loading={publishing.isPending} disabled={saving.isPending}>
              发布
            </Button>
          </Popconfirm>
        </Space>
      </header>

      <div className="decor-editor-body">
        <aside className="decor-editor-side">
          <div className="decor-side-section">
            <Typography.Text strong>添加区块</Typography.Text>
            <div className="decor-palette">
              {DECOR_BLOCK_TYPES.map((type) => (
                <button key={type} type="button" className="decor-palette-item" onClick={() => add(type)}>
                  <span className="decor-palette-icon">{BLOCK_ICONS[type]}</span>
                  {DecorBlockLabels[type]}
                </button>
              ))}
            </div>
          </div>
          <div className="decor-side-section">
            <Typography.Text strong>
              <BarsOutlined /> 页面区块（{blocks.length}/{DECOR_LIMITS.blocks}）
            </Typography.Text>
            <Typography.Paragraph type="secondary" className="decor-side-hint">
              拖动排序，或用箭头上下移动
            </Typography.Paragraph>
            {blocks.length === 0 ? (
              <Empty description="还没有区块，从上方添加" image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <ol className="decor-block-list" aria-label="页面区块">
                {blocks.map((b, i) => (
                  <li
                    key={b.key}
                    draggable
                    data-block-key={b.key}
                    className={[
                      'decor-block-item',
                      b.key === selected ? 'selected' : '',
                      dragOver === i && dragFrom !== i ? 'drop-target' : '',
                    ].join(' ')}
                    onClick={() => setSelected(b.key)}
                    onDragStart={(e) => {
                      setDragFrom(i);
                      e.dataTransfer.effectAllowed = 'move';
                      e.dataTransfer.setData('text/plain', b.key);
                    }}
                    onDragOver={(e) => {
                      e.preventDefault();
                      setDragOver(i);
                    }}
                    onDragEnd={() => {
                      setDragFrom(null);
                      setDragOver(null);
                    }}
                    onDrop={(e) => onDrop(e, i)}
                  >
                    <HolderOutlined className="decor-block-grip" />
                    <span className="decor-block-icon">{BLOCK_ICONS[b.type]}</span>
                    <span className="decor-block-name">
                      <strong>{DecorBlockLabels[b.type]}</strong>
                      <small>{blockSummary(b)}</small>
                    </span>
                    <span className="decor-block-tools" onClick={(e) => e.stopPropagation()}>
                      <Tooltip title="上移">
                        <Button
                          size="small"
                          type="text"
                          aria-label={`上移${DecorBlockLabels[b.type]}`}
                          icon={<ArrowUpOutlined />}
                          disabled={i === 0}
                          onClick={() => move(i, i - 1)}
                        />
                      </Tooltip>
                      <Tooltip title="下移">
                        <Button
                          size="small"
                          type="text"
                          aria-label={`下移${DecorBlockLabels[b.type]}`}
                          icon={<ArrowDownOutlined />}
                          disabled={i === blocks.length - 1}
                          onClick={() => move(i, i + 1)}
                        />
                      </Tooltip>
                      <Popconfirm title="删除这个区块？" okText="删除" onConfirm={() => remove(b.key)}>
                        <Button
                          size="small"
                          type="text"
                          danger
                          aria-label={`删除${DecorBlockLabels[b.type]}`}
                          icon={<DeleteOutlined />}
                        />
                      </Popconfirm>
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </div>
        </aside>

        <main className="decor-canvas" aria-label="预览" ref={canvas.ref}>
          {/* The desktop page is laid out at its real width and scaled to fit, so it shows what a wide screen shows. */}
          <div
            className={`decor-canvas-page decor-canvas-${device}`}
            style={device === 'desktop' ? { width: DESKTOP_PAGE_WIDTH, zoom: canvas.scale } : undefined}
            onClickCapture={stayInPreview}
          >
            {blocks.length === 0 ? (
              <Empty
                className="decor-canvas-empty"
                description="页面还是空的：从左侧添加区块。未发布装修时，店铺首页显示默认样式。"
              />
            ) : (
              <DecorPage>
                {blocks.map((b) => (
                  <div
                    key={b.key}
                    className={`decor-preview-item${b.key === selected ? ' selected' : ''}`}
                    data-preview-key={b.key}
                    onClick={() => setSelected(b.key)}
                  >
                    <span className="decor-preview-label">{DecorBlockLabels[b.type]}</span>
                    <DecorBlockView block={b} preview />
                  </div>
                ))}
              </DecorPage>
            )}
          </div>
        </main>

        <aside className="decor-editor-panel" aria-label="区块设置">
          {current ? (
            <>
              <Typography.Title level={5} className="decor-panel-title">
                {BLOCK_ICONS[current.type]} {DecorBlockLabels[current.type]}设置
              </Typography.Title>
              <Form layout="vertical" component="div">
                <BlockPanel block={current} onChange={change} upload={api.upload} />
              </Form>
            </>
          ) : (
            <Empty description="选择一个区块后在这里设置" />
          )}
        </aside>
      </div>

      <VersionsDrawer api={api} open={versionsOpen} dirty={dirty} onClose={() => setVersionsOpen(false)} />
    </div>
  );
}

const VERSIONS_PAGE_SIZE = 10;

/** Published versions, newest first: 恢复发布 publishes one again, 载入草稿 only loads it for editing. */
function VersionsDrawer({
  api,
  open,
  dirty,
  onClose,
}: {
  api: DecorEditorApi;
  open: boolean;
  dirty: boolean;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: decorKeys.versions(api.scope, page),
    queryFn: () => unwrap(api.versions({ page, pageSize: VERSIONS_PAGE_SIZE }), { toast: false }),
    enabled: open,
  });
  const reverting = useAction({
    call: (form: { number: number; publish: 0 | 1 }) => api.revert(form),
    success: (answer, form) =>
      form.publish ? `已恢复第 ${form.number} 版并发布为第 ${answer.number} 版` : `已把第 ${form.number} 版载入草稿`,
    invalidates: [decorKeys.editor(api.scope), decorKeys.versionsOf(api.scope), decorKeys.layout],
    onSuccess: () => onClose(),
  });
  const lose = dirty ? '当前未保存的修改会被替换。' : '';
  return (
    <Drawer title="版本记录" open={open} onClose={onClose} size="large">
      <Alert
        type="info"
        showIcon
        className="decor-versions-tip"
        title={`每次发布生成一个版本，保留最近 ${DECOR_LIMITS.versionsKept} 个。恢复发布会把旧版本重新发布为最新版本。`}
      />
      <Table<DecorVersionView>
        rowKey="number"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: VERSIONS_PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          {
            title: '版本',
            dataIndex: 'number',
            width: 110,
            render: (n: number, v) => (
              <Space size={4}>
                第 {n} 版{v.live && <Tag color="green">当前</Tag>}
              </Space>
            ),
          },
          { title: '发布时间', dataIndex: 'publishedAt', width: 170 },
          { title: '发布人', dataIndex: 'publishedBy', ellipsis: true },
          {
            title: '说明',
            key: 'note',
            render: (_x, v) => (v.revertedFrom ? `恢复自第 ${v.revertedFrom} 版` : `${v.blockCount} 个区块`),
          },
          {
            title: '操作',
            key: 'actions',
            width: 170,
            render: (_x, v) => (
              <Space size={0}>
                <Popconfirm
                  title={`恢复并发布第 ${v.number} 版？`}
                  description={`店铺首页立即显示该版本。${lose}`}
                  okText="恢复发布"
                  onConfirm={() => reverting.confirm({ number: v.number, publish: 1 })}
                >
                  <Button type="link" size="small" disabled={v.live}>
                    恢复发布
                  </Button>
                </Popconfirm>
                <Popconfirm
                  title={`把第 ${v.number} 版载入草稿？`}
                  description={`载入后可继续编辑，发布前店铺首页不变。${lose}`}
                  okText="载入"
                  onConfirm={() => reverting.confirm({ number: v.number, publish: 0 })}
                >
                  <Button type="link" size="small">
                    载入草稿
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
