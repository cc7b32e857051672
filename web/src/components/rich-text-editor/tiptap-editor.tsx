import { useEffect, useRef, useState } from 'react';
import { Input } from 'antd';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { Placeholder } from '@tiptap/extensions';
import type { RichTextEditorProps } from './props';
import { EditorToolbar } from './toolbar';
import { InsertDialog, type InsertKind } from './insert-dialog';
import { isBlankHtml } from './urls';
import './rich-text-editor.css';

/**
 * Only what both server sanitisers keep (catalog sanitizeDescription, content sanitizeRichText):
 * paragraphs, h1–h4, bold/italic/underline/strike, lists, blockquote, links, images, tables,
 * rules, code. No colours, sizes or alignment: goods descriptions drop every style attribute.
 */
function buildExtensions(emptyHint: string) {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4] },
      link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https'] },
    }),
    Image.configure({ allowBase64: false }),
    // Column resizing writes style widths that the goods sanitiser drops anyway.
    TableKit.configure({ table: { resizable: false } }),
    Placeholder.configure({ placeholder: emptyHint }),
  ];
}

const htmlOf = (editor: Editor) => (editor.isEmpty && isBlankHtml(editor.getHTML()) ? '' : editor.getHTML());

/** The Tiptap editor behind RichTextEditor (loaded lazily, see index.tsx). */
export default function RichTextEditorImpl({
  id,
  value,
  onChange,
  ariaLabel = '正文',
  placeholder: emptyHint = '在此输入内容…',
  minHeight = 220,
  uploadImage,
}: RichTextEditorProps) {
  const [sourceMode, setSourceMode] = useState(false);
  const [dialog, setDialog] = useState<InsertKind | null>(null);
  // The last HTML this editor reported, so a value coming back through the form is not re-parsed
  // (that would move the caret), while a value set from outside (loading a record) is.
  const reported = useRef(value ?? '');
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: buildExtensions(emptyHint),
    content: value ?? '',
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': ariaLabel,
        class: 'rich-text rte-content',
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = htmlOf(e);
      reported.current = html;
      onChangeRef.current?.(html);
    },
  });

  useEffect(() => {
    const next = value ?? '';
    if (sourceMode || next === reported.current) return;
    reported.current = next;
    editor.commands.setContent(next, { emitUpdate: false });
  }, [value, sourceMode, editor]);

  const toggleSource = () => {
    if (sourceMode) {
      // Back to the visual editor: it keeps only what its schema knows (scripts, handlers and
      // unknown tags go), and the form gets exactly what is now shown. Unchanged source is not
      // re-parsed, so the undo history stays as it was.
      if ((value ?? '') !== htmlOf(editor)) editor.commands.setContent(value ?? '', { emitUpdate: false });
      const html = htmlOf(editor);
      reported.current = html;
      if (html !== (value ?? '')) onChange?.(html);
    }
    setSourceMode(!sourceMode);
  };

  return (
    <div
      className={`rte${sourceMode ? ' rte-source-mode' : ''}`}
      style={{ ['--rte-min-height' as string]: `${minHeight}px` }}
    >
      <EditorToolbar editor={editor} sourceMode={sourceMode} onToggleSource={toggleSource} onInsert={setDialog} />
      {/* Hidden, not unmounted, in the source view: the editor keeps its view and undo history. */}
      <EditorContent editor={editor} hidden={sourceMode} />
      {sourceMode && (
        <Input.TextArea
          className="rte-source"
          aria-label="HTML 源码"
          value={value ?? ''}
          onChange={(e) => {
            reported.current = e.target.value;
            onChange?.(e.target.value);
          }}
          autoSize={{ minRows: Math.round(minHeight / 22), maxRows: 24 }}
          spellCheck={false}
        />
      )}
      <InsertDialog kind={dialog} editor={editor} uploadImage={uploadImage} onClose={() => setDialog(null)} />
    </div>
  );
}
