import { sql, type Kysely } from 'kysely';

/**
 * Decision 0019. (1) The audit log names the sub-site an owner's edit was on, so the owner can read
 * their own site's entries and staff see the site. (2) A site on a version with a goods limit sells
 * only the goods on its shelf: the shelves of the sites already on such versions are seeded as a
 * new site's is (the owner's explicit picks first, then the parent's catalogue in its order, up to
 * the limit), parents before children, so no capped site sells more than its limit after the upgrade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_logs').addColumn('site_id', 'integer').execute();
  await db.schema.createIndex('audit_logs_site_idx').on('audit_logs').columns(['site_id', 'id']).execute();
  await seedCappedShelves(db);
}

type Row = Record<string, unknown>;
const num = (v: unknown) => Number(v);

/** Seeds every capped site's shelf (exported for the test of the seeding itself). */
export async function seedCappedShelves(db: Kysely<unknown>): Promise<number> {
  const sites = (
    await sql<Row>`
      select s.id, s.chain, v.max_goods from sites s join site_versions v on v.id = s.version_id
      where v.max_goods > 0 order by s.depth, s.id`.execute(db)
  ).rows.map((r) => ({ id: num(r.id), chain: String(r.chain).split('/').map(Number), cap: num(r.max_goods) }));
  if (sites.length === 0) return 0;
  // The platform's catalogue in its order: what every shelf is taken from.
  const catalogue = (
    await sql<Row>`select id from goods where site_id = 1 and status = 'on_sale' order by sort, id`.execute(db)
  ).rows.map((r) => num(r.id));
  const capOf = new Map(sites.map((s) => [s.id, s.cap]));
  const shelfOf = async (siteId: number) => {
    const rows = (
      await sql<Row>`select goods_id, hidden from site_goods where site_id = ${siteId}`.execute(db)
    ).rows.map((r) => ({ goods: num(r.goods_id), hidden: num(r.hidden) === 1 }));
    return {
      hidden: new Set(rows.filter((r) => r.hidden).map((r) => r.goods)),
      picks: new Set(rows.filter((r) => !r.hidden).map((r) => r.goods)),
    };
  };
  const now = Date.now();
  for (const site of sites) {
    const above = new Set<number>();
    // What the capped sites above put on their shelves (the parent sells only what all of them hold).
    const cappedShelves: Set<number>[] = [];
    for (const ancestor of site.chain.slice(1, -1)) {
      const shelf = await shelfOf(ancestor);
      for (const id of shelf.hidden) above.add(id);
      if ((capOf.get(ancestor) ?? 0) > 0) cappedShelves.push(shelf.picks);
    }
    const allowed = (id: number) => cappedShelves.every((picks) => picks.has(id));
    const own = await shelfOf(site.id);
    const sold = catalogue.filter((id) => !above.has(id) && !own.hidden.has(id) && allowed(id));
    const keep = sold.filter((id) => own.picks.has(id)).slice(0, site.cap);
    const kept = new Set(keep);
    const add = sold.filter((id) => !kept.has(id)).slice(0, site.cap - keep.length);
    const drop = [...own.picks].filter((id) => !kept.has(id));
    if (drop.length)
      await sql`delete from site_goods where site_id = ${site.id} and goods_id in (${sql.join(drop)})`.execute(db);
    for (let i = 0; i < add.length; i += 500) {
      const values = add.slice(i, i + 500).map((id) => sql`(${site.id}, ${id}, 0, null, ${now})`);
      await sql`insert into site_goods (site_id, goods_id, hidden, sort, updated_at) values ${sql.join(values)}`.execute(
        db,
      );
    }
  }
  return sites.length;
}
