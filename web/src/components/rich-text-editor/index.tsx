import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './props';

export type { RichTextEditorProps } from './props';

// The editor (Tiptap + ProseMirror, ~150 KB gzip) is its own chunk: only the admin pages that
// render this component fetch it, the storefront and member bundles never do.
const Editor = lazy(() => import('./tiptap-editor'));

/** Rich-text field for HTML the server sanitises on save (goods descriptions, announcements). */
export function RichTextEditor(props: RichTextEditorProps) {
  const height = (props.minHeight ?? 220) + 42;
  return (
    <Suspense
      fallback={
        <div
          role="status"
          style={{
            minHeight: height,
            border: '1px solid #d9d9d9',
            borderRadius: 6,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: 'rgba(0,0,0,0.45)',
            background: '#fafafa',
          }}
        >
          编辑器加载中…
        </div>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
