import type { DecorBlock, DecorBlockType } from '@kapu/contract';

/** A key no other block of the layout has (the server only checks they are unique). */
export function newBlockKey(taken: ReadonlySet<string>): string {
  for (;;) {
    const key = `b${Math.random().toString(36).slice(2, 10)}`;
    if (!taken.has(key)) return key;
  }
}

/** A fresh block of a type, as the palette adds it: filled enough to show what it is. */
export function newBlock(type: DecorBlockType, key: string): DecorBlock {
  switch (type) {
    case 'banner':
      return { type, key, height: 'medium', slides: [] };
    case 'notice':
      return { type, key, text: '欢迎光临本店，全场商品自动发货', link: '' };
    case 'dirs':
      return { type, key, title: '商品分类', mode: 'all', dirIds: [] };
    case 'goods':
      return { type, key, title: '热门商品', source: 'dir', goodsIds: [], dirId: null, count: 8 };
    case 'richText':
      return { type, key, html: '<p>在这里介绍你的店铺</p>' };
    case 'contacts':
      return { type, key, title: '联系我们', items: [{ kind: 'qq', value: '' }] };
    case 'footer':
      return { type, key, text: '© 本店 保留所有权利', links: [] };
  }
}

/** Moves the item at `from` to `to` (both indexes in the list before the move). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
