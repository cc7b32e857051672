/** What a form passes to the editor: antd Form.Item injects id, value and onChange. */
export interface RichTextEditorProps {
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  /** Accessible name of the editing area (the visible label is the Form.Item's). */
  ariaLabel?: string;
  placeholder?: string;
  /** Height of the editing area before it grows; it scrolls past twice this. */
  minHeight?: number;
  /** Uploads a picture for the 图片 dialog and resolves to its address; without it the dialog takes addresses only. */
  uploadImage?: (file: File) => Promise<string>;
}
