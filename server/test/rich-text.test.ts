import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from './helper.js';
import { shop } from './commerce/commerce-helper.js';

// The admin rich-text editor (web/src/components/rich-text-editor) writes goods descriptions and
// announcements. Everything its toolbar makes must survive both server sanitisers, and what a
// power user types into its HTML source view must not: the sanitiser is the only guard.
const EDITOR_HTML = [
  '<h2>使用说明</h2>',
  '<p><strong>重要：</strong><em>斜体</em><u>下划线</u><s>删除线</s></p>',
  '<ul><li><p>第一步</p></li></ul><ol><li><p>第二步</p></li></ol>',
  '<blockquote><p>如有问题请联系客服。</p></blockquote>',
  '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/help">帮助中心</a></p>',
  '<img src="https://example.com/a.png" alt="示意图"><img src="/uploads/2026/b.png">',
  '<hr>',
  '<table style="min-width: 50px"><colgroup><col style="min-width: 25px"><col style="min-width: 25px"></colgroup><tbody>',
  '<tr><th colspan="1" rowspan="1"><p>面值</p></th><th colspan="1" rowspan="1"><p>售价</p></th></tr>',
  '<tr><td colspan="1" rowspan="1"><p>50 元</p></td><td colspan="1" rowspan="1"><p>48 元</p></td></tr>',
  '</tbody></table>',
].join('');
// What the browser test pastes into the source view.
const HOSTILE =
  '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script><p onclick="x()" style="position:fixed">点<a href="javascript:alert(1)">我</a></p>';

function expectEditorFormattingKept(html: string) {
  for (const part of [
    '<h2>使用说明</h2>',
    '<strong>重要：</strong><em>斜体</em><u>下划线</u><s>删除线</s>',
    '<ul><li><p>第一步</p></li></ul><ol><li><p>第二步</p></li></ol>',
    '<blockquote><p>如有问题请联系客服。</p></blockquote>',
    '帮助中心</a>',
    '<th><p>面值</p></th>',
    '<td><p>48 元</p></td>',
  ]) {
    expect(html).toContain(part);
  }
  expect(html).toMatch(/<a [^>]*href="https:\/\/example\.com\/help"/);
  expect(html).toMatch(/<img src="https:\/\/example\.com\/a\.png" alt="示意图" ?\/?>/);
  expect(html).toMatch(/<img src="\/uploads\/2026\/b\.png" ?\/?>/);
  expect(html).toMatch(/<hr ?\/?>/);
}

function expectHostileGone(html: string) {
  expect(html).not.toMatch(/script|onerror|onclick|__xss|javascript:|position/);
  expect(html).toContain('点');
}

describe.each(dialects())('rich text from the admin editor on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
  });
  afterAll(() => t.dispose());

  it('keeps the editor formatting and strips scripts and handlers from a goods description', async () => {
    const goodsId = await s.goods({ description: EDITOR_HTML + HOSTILE });
    const description = (await t.post('/inside/goods/getDetail', { goodsId })).json.data.description as string;
    expectEditorFormattingKept(description);
    expectHostileGone(description);
    // Goods descriptions keep no style attribute at all (the table's widths included).
    expect(description).not.toContain('style=');
  });

  it('keeps the editor formatting and strips scripts and handlers from an announcement', async () => {
    const saved = await t.post(
      `${s.A}/announcements/save`,
      { title: '富文本公告', content: EDITOR_HTML + HOSTILE },
      s.admin,
    );
    expect(saved.json.code).toBe(1000);
    const content = (await t.post('/content/announcement', { id: saved.json.data.id })).json.data.content as string;
    expectEditorFormattingKept(content);
    expectHostileGone(content);
    // Announcements keep only whitelisted styles (colour, alignment, size): not the table's widths.
    expect(content).not.toContain('min-width');
  });
});
