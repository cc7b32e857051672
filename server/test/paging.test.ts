import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPage, mapPage } from '../src/core/paging.js';
import { buildTestApp, dialects, type TestApp } from './helper.js';

describe.each(dialects())('fetchPage on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await t.deps.db
      .insertInto('settings')
      .values(Array.from({ length: 7 }, (_, i) => ({ key: `zz.page.${i}`, value: String(i), updated_at: i })))
      .execute();
  });
  afterAll(() => t.dispose());

  const rows = () =>
    t.deps.db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'like', 'zz.page.%')
      .orderBy('updated_at', 'desc');

  it('answers the page asked for with the total of all matches (count ignores the order)', async () => {
    const second = await fetchPage(rows(), { page: 2, pageSize: 3 });
    expect(second).toEqual({
      list: [
        { key: 'zz.page.3', value: '3' },
        { key: 'zz.page.2', value: '2' },
        { key: 'zz.page.1', value: '1' },
      ],
      total: 7,
      page: 2,
      pageSize: 3,
    });
    expect(typeof second.total).toBe('number');
  });

  it('answers an empty list past the end, still with the total', async () => {
    expect(await fetchPage(rows(), { page: 5, pageSize: 3 })).toEqual({ list: [], total: 7, page: 5, pageSize: 3 });
  });

  it('maps rows to views and keeps the paging fields', async () => {
    const page = mapPage(await fetchPage(rows(), { page: 3, pageSize: 3 }), (r) => Number(r.value));
    expect(page).toEqual({ list: [0], total: 7, page: 3, pageSize: 3 });
  });
});
