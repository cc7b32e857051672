import { describe, expect, it } from 'vitest';
import { isBlankHtml, normalizeEditorUrl } from './urls';

describe('normalizeEditorUrl', () => {
  it('keeps http(s) and site-relative addresses, adds https to a bare host', () => {
    expect(normalizeEditorUrl(' https://a.cn/help?x=1 ')).toBe('https://a.cn/help?x=1');
    expect(normalizeEditorUrl('http://a.cn')).toBe('http://a.cn/');
    expect(normalizeEditorUrl('www.example.com/使用说明')).toBe(
      'https://www.example.com/%E4%BD%BF%E7%94%A8%E8%AF%B4%E6%98%8E',
    );
    expect(normalizeEditorUrl('/uploads/2026/a.png')).toBe('/uploads/2026/a.png');
  });

  it('refuses what the server sanitiser would drop', () => {
    for (const bad of [
      '',
      '   ',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:image/png;base64,AAAA',
      'mailto:a@b.cn',
      '//evil.cn/x.png',
      'ftp://a.cn/x',
      'x',
      '/a b',
    ]) {
      expect(normalizeEditorUrl(bad), bad).toBeNull();
    }
  });
});

describe('isBlankHtml', () => {
  it('treats empty paragraphs as no content', () => {
    expect(isBlankHtml('')).toBe(true);
    expect(isBlankHtml('<p></p>')).toBe(true);
    expect(isBlankHtml('<p><br></p><p> </p>')).toBe(true);
    expect(isBlankHtml('<p>好</p>')).toBe(false);
    expect(isBlankHtml('<p><img src="/uploads/a.png"></p>')).toBe(false);
  });
});
