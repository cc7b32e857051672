import type { MouseEvent, ReactNode } from 'react';
import { Button, Divider, Dropdown, Select, Tooltip } from 'antd';
import {
  BoldOutlined,
  CodeOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LineOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useEditorState, type Editor } from '@tiptap/react';
import type { InsertKind } from './insert-dialog';

interface Props {
  editor: Editor;
  sourceMode: boolean;
  onToggleSource: () => void;
  onInsert: (kind: InsertKind) => void;
}

// 标题 1–3 are h2–h4: a page already has its own h1 (the goods name or announcement title).
const BLOCK_OPTIONS = [
  { value: 0, label: '正文' },
  { value: 2, label: '标题 1' },
  { value: 3, label: '标题 2' },
  { value: 4, label: '标题 3' },
] as const;
type HeadingLevel = 2 | 3 | 4;

// Keeps the caret in the editor: a mouse-down on a toolbar button would otherwise blur it.
const keepFocus = (e: MouseEvent) => e.preventDefault();

function ToolButton({
  label,
  icon,
  active,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.6}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        ghost={active}
        icon={icon}
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        disabled={disabled}
        onMouseDown={keepFocus}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/** Formatting buttons over the editor; everything but 源码 is off while the HTML source is shown. */
export function EditorToolbar({ editor, sourceMode, onToggleSource, onInsert }: Props) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      block: ([2, 3, 4] as const).find((level) => e.isActive('heading', { level })) ?? (e.isActive('heading') ? 2 : 0),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      table: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const off = sourceMode;
  const chain = () => editor.chain().focus();
  const setBlock = (level: number) =>
    level
      ? chain()
          .setHeading({ level: level as HeadingLevel })
          .run()
      : chain().setParagraph().run();

  return (
    <div className="rte-toolbar" role="toolbar" aria-label="格式工具栏">
      <Select
        size="small"
        className="rte-block-select"
        style={{ width: 88, flex: 'none' }}
        aria-label="段落格式"
        value={state.block}
        disabled={off}
        options={BLOCK_OPTIONS.map((o) => ({ ...o }))}
        onChange={setBlock}
        popupMatchSelectWidth={false}
      />
      <Divider orientation="vertical" />
      <ToolButton
        label="加粗"
        icon={<BoldOutlined />}
        active={state.bold}
        disabled={off}
        onClick={() => chain().toggleBold().run()}
      />
      <ToolButton
        label="斜体"
        icon={<ItalicOutlined />}
        active={state.italic}
        disabled={off}
        onClick={() => chain().toggleItalic().run()}
      />
      <ToolButton
        label="下划线"
        icon={<UnderlineOutlined />}
        active={state.underline}
        disabled={off}
        onClick={() => chain().toggleUnderline().run()}
      />
      <ToolButton
        label="删除线"
        icon={<StrikethroughOutlined />}
        active={state.strike}
        disabled={off}
        onClick={() => chain().toggleStrike().run()}
      />
      <Divider orientation="vertical" />
      <ToolButton
        label="无序列表"
        icon={<UnorderedListOutlined />}
        active={state.bulletList}
        disabled={off}
        onClick={() => chain().toggleBulletList().run()}
      />
      <ToolButton
        label="有序列表"
        icon={<OrderedListOutlined />}
        active={state.orderedList}
        disabled={off}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <ToolButton
        label="引用"
        icon={<span className="rte-quote-glyph">“</span>}
        active={state.blockquote}
        disabled={off}
        onClick={() => chain().toggleBlockquote().run()}
      />
      <ToolButton
        label="分割线"
        icon={<LineOutlined />}
        disabled={off}
        onClick={() => chain().setHorizontalRule().run()}
      />
      <Divider orientation="vertical" />
      <ToolButton
        label="链接"
        icon={<LinkOutlined />}
        active={state.link}
        disabled={off}
        onClick={() => onInsert('link')}
      />
      <ToolButton
        label="取消链接"
        icon={<DisconnectOutlined />}
        disabled={off || !state.link}
        onClick={() => chain().extendMarkRange('link').unsetLink().run()}
      />
      <ToolButton label="图片" icon={<PictureOutlined />} disabled={off} onClick={() => onInsert('image')} />
      <Dropdown
        disabled={off}
        trigger={['click']}
        menu={{
          items: [
            { key: 'insert', label: '插入表格（3×3）', disabled: state.table },
            { type: 'divider' },
            { key: 'rowBefore', label: '在上方插入行', disabled: !state.table },
            { key: 'rowAfter', label: '在下方插入行', disabled: !state.table },
            { key: 'colBefore', label: '在左侧插入列', disabled: !state.table },
            { key: 'colAfter', label: '在右侧插入列', disabled: !state.table },
            { type: 'divider' },
            { key: 'deleteRow', label: '删除当前行', disabled: !state.table },
            { key: 'deleteCol', label: '删除当前列', disabled: !state.table },
            { key: 'deleteTable', label: '删除表格', danger: true, disabled: !state.table },
          ],
          onClick: ({ key }) => {
            const c = chain();
            const run = {
              insert: () => c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }),
              rowBefore: () => c.addRowBefore(),
              rowAfter: () => c.addRowAfter(),
              colBefore: () => c.addColumnBefore(),
              colAfter: () => c.addColumnAfter(),
              deleteRow: () => c.deleteRow(),
              deleteCol: () => c.deleteColumn(),
              deleteTable: () => c.deleteTable(),
            }[key];
            run?.().run();
          },
        }}
      >
        <Button
          size="small"
          type={state.table ? 'primary' : 'text'}
          ghost={state.table}
          icon={<TableOutlined />}
          aria-label="表格"
          title="表格"
          disabled={off}
          onMouseDown={keepFocus}
        />
      </Dropdown>
      <Divider orientation="vertical" />
      <ToolButton
        label="撤销"
        icon={<UndoOutlined />}
        disabled={off || !state.canUndo}
        onClick={() => chain().undo().run()}
      />
      <ToolButton
        label="重做"
        icon={<RedoOutlined />}
        disabled={off || !state.canRedo}
        onClick={() => chain().redo().run()}
      />
      <span className="rte-toolbar-spacer" />
      <Tooltip
        title={sourceMode ? '回到可视化编辑' : '查看或直接编辑 HTML 源码（保存时服务器会移除脚本与事件属性）'}
        mouseEnterDelay={0.6}
      >
        <Button
          size="small"
          type={sourceMode ? 'primary' : 'default'}
          icon={<CodeOutlined />}
          aria-pressed={sourceMode}
          onMouseDown={keepFocus}
          onClick={onToggleSource}
        >
          源码
        </Button>
      </Tooltip>
    </div>
  );
}
