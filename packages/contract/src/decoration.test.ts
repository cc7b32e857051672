import { describe, expect, it } from 'vitest';
import {
  DECOR_LIMITS,
  decorBlocks,
  decorRevertInput,
  decorSaveInput,
  isSafeLink,
  UPLOADED_IMAGE,
} from './decoration.js';

const IMG = '/uploads/2026/01/AbCdEf12345678_-.png';

const banner = (over: Record<string, unknown> = {}) => ({
  type: 'banner',
  key: 'b1',
  slides: [{ image: IMG, link: '/inside/goodsList?dirId=3', title: '新品' }],
  ...over,
});

function firstError(input: unknown): string | undefined {
  const r = decorBlocks.safeParse(input);
  return r.success ? undefined : r.error.issues[0]?.message;
}

describe('decoration links: http(s) or this site only', () => {
  it.each([
    'https://example.com',
    'http://example.com/a?b=1#c',
    'HTTPS://EXAMPLE.COM/路径',
    '/',
    '/inside/goodsList?dirId=3',
    '/inside/buyGoods?goodId=1#top',
  ])('accepts %s', (url) => expect(isSafeLink(url)).toBe(true));

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://',
    'https:///path',
    'ftp://example.com',
    'mailto:a@b.c',
    'example.com',
    'inside/goodsList',
    '/a b',
    '/a"onmouseover="x',
    '/<script>',
    'https://ex.com/\u0000',
    'https://ex.com/\u2028',
    `/${'a'.repeat(DECOR_LIMITS.linkChars)}`,
  ])('refuses %j', (url) => expect(isSafeLink(url)).toBe(false));

  it('a block with a javascript: link is refused with the Chinese rule, an empty link is fine', () => {
    expect(firstError([{ type: 'notice', key: 'n', text: '通知', link: 'javascript:alert(1)' }])).toContain(
      'http:// 或 https://',
    );
    const ok = decorBlocks.parse([{ type: 'notice', key: 'n', text: '通知' }]);
    expect(ok[0]).toEqual({ type: 'notice', key: 'n', text: '通知', link: '' });
  });
});

describe('decoration blocks', () => {
  it('parses every block type with its defaults', () => {
    const blocks = decorBlocks.parse([
      banner(),
      { type: 'notice', key: 'n1', text: '全场自动发货' },
      { type: 'dirs', key: 'd1' },
      { type: 'goods', key: 'g1', source: 'chosen', goodsIds: [3, 1, 2] },
      { type: 'goods', key: 'g2', dirId: '5', count: '4' },
      { type: 'richText', key: 'r1', html: '<p>你好</p>' },
      { type: 'contacts', key: 'c1', items: [{ kind: 'qq', value: '10001' }] },
      { type: 'footer', key: 'f1', text: '© 本站', links: [{ label: '查单', url: '/chadan' }] },
    ]);
    expect(blocks.map((b) => b.type)).toEqual([
      'banner',
      'notice',
      'dirs',
      'goods',
      'goods',
      'richText',
      'contacts',
      'footer',
    ]);
    expect(blocks[0]).toMatchObject({ height: 'medium' });
    expect(blocks[2]).toEqual({ type: 'dirs', key: 'd1', title: '', mode: 'all', dirIds: [] });
    expect(blocks[3]).toMatchObject({ goodsIds: [3, 1, 2], dirId: null, count: 8 });
    expect(blocks[4]).toMatchObject({ source: 'dir', goodsIds: [], dirId: 5, count: 4 });
  });

  it('images must be this shop’s uploads', () => {
    expect(UPLOADED_IMAGE.test(IMG)).toBe(true);
    for (const image of [
      'https://evil.example/x.png',
      '/uploads/../keys/x.png',
      '/uploads/2026/01/abc.svg',
      'javascript:alert(1)',
      '/uploads/2026/01/short.png',
    ])
      expect(firstError([banner({ slides: [{ image }] })]), image).toBe('图片须为本站上传的图片');
  });

  it('refuses unknown types, duplicate keys, markup in text and too many of anything', () => {
    expect(firstError([{ type: 'iframe', key: 'x', src: 'https://a' }])).toBe('区块类型不正确');
    expect(firstError([banner(), banner()])).toBe('区块标识重复');
    expect(firstError([{ type: 'notice', key: 'n', text: '<img src=x onerror=alert(1)>' }])).toContain('<');
    expect(firstError([{ type: 'notice', key: 'n', text: '' }])).toBe('请输入公告内容');
    expect(firstError([banner({ slides: [] })])).toBe('轮播图至少需要一张图片');
    expect(firstError([banner({ slides: Array.from({ length: 9 }, () => ({ image: IMG })) })])).toBe('轮播图最多 8 张');
    expect(
      firstError(Array.from({ length: DECOR_LIMITS.blocks + 1 }, (_, i) => ({ type: 'dirs', key: `d${i}` }))),
    ).toBe('页面最多 30 个区块');
    expect(firstError([{ type: 'dirs', key: 'd', mode: 'chosen' }])).toBe('请选择要展示的目录');
    expect(firstError([{ type: 'goods', key: 'g', source: 'chosen' }])).toBe('请选择要展示的商品');
    expect(firstError([{ type: 'goods', key: 'g', source: 'chosen', goodsIds: [1, 1] }])).toBe('商品不能重复');
    expect(firstError([{ type: 'goods', key: 'g', count: 25 }])).toBe('展示数量不能大于 24');
    expect(firstError([{ type: 'goods', key: 'g', goodsIds: ['0x1'] }])).toBe('商品无效');
    expect(firstError([{ type: 'richText', key: 'r', html: 'a'.repeat(20_001) }])).toContain('20000');
    expect(firstError([{ type: 'contacts', key: 'c', items: [] }])).toBe('请至少添加一种联系方式');
    expect(firstError([{ type: 'footer', key: 'f', links: [{ label: 'x', url: '' }] }])).toBe('请输入链接地址');
    expect(firstError([{ type: 'dirs', key: 'bad key' }])).toBe('区块标识无效');
    expect(firstError({ type: 'dirs' })).toBe('页面布局格式不正确');
  });
});

describe('decoration inputs', () => {
  it('blocks arrive as JSON text in a form, or as an array in a JSON body', () => {
    const blocks = [{ type: 'dirs', key: 'd' }];
    expect(decorSaveInput.parse({ blocks: JSON.stringify(blocks), revision: '3' })).toMatchObject({
      blocks: [{ type: 'dirs', mode: 'all' }],
      revision: 3,
    });
    expect(decorSaveInput.parse({ blocks, path: 'shop-1' })).toMatchObject({ path: 'shop-1' });
    expect(decorSaveInput.safeParse({ blocks: '{bad' }).error?.issues[0]?.message).toBe('页面布局格式不正确');
    expect(decorSaveInput.safeParse({}).success).toBe(false);
    expect(
      decorSaveInput.safeParse({ blocks: 'x'.repeat(DECOR_LIMITS.layoutChars + 1) }).error?.issues[0]?.message,
    ).toBe('页面内容过多，请删减区块或图文');
    expect(decorSaveInput.safeParse({ blocks: '[]', path: '../x' }).success).toBe(false);
  });

  it('revert takes a version number and publishes unless told to only load it', () => {
    expect(decorRevertInput.parse({ number: '2' })).toEqual({ number: 2, publish: 1 });
    expect(decorRevertInput.parse({ number: 2, publish: '0' })).toEqual({ number: 2, publish: 0 });
    expect(decorRevertInput.safeParse({ number: '0' }).success).toBe(false);
    expect(decorRevertInput.safeParse({}).success).toBe(false);
  });
});
