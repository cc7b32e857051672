import { describe, expect, it } from 'vitest';
import { previewSafeHtml } from './preview-html';

describe('previewSafeHtml (the editor preview of unsaved rich text)', () => {
  it('keeps formatting, links and pictures', () => {
    const html =
      '<p align="center"><strong>粗体</strong> <a href="https://example.com/a" target="_blank">链接</a></p>' +
      '<img src="/uploads/2026/01/abcdefgh.png" alt="图"><table><tbody><tr><td>格</td></tr></tbody></table>';
    expect(previewSafeHtml(html)).toBe(html);
  });

  it('drops scripts, handlers, frames, styles and javascript: addresses', () => {
    const out = previewSafeHtml(
      '<p onclick="alert(1)" style="color:red">文<script>alert(2)</script></p>' +
        '<img src=x onerror="alert(3)"><img src="javascript:alert(4)">' +
        '<a href="javascript:alert(5)">甲</a><a href="//evil.example">乙</a>' +
        '<iframe src="https://evil.example"></iframe><svg><script>alert(6)</script></svg>' +
        '<form action="https://evil.example"><input name="x"></form><style>body{}</style>',
    );
    expect(out).toBe('<p>文</p><img><img><a>甲</a><a>乙</a>');
    expect(out).not.toMatch(/alert|on\w+=|javascript|iframe|style|script/i);
  });
});
