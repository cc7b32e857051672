import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Keeps the web app to one idiom per everyday act (issue #11): writes go through useAction,
 * query keys come from the api/keys factories, and the HTTP client adds the admin path.
 */
const SRC = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}
const files = sources(SRC).map((path) => ({
  name: relative(SRC, path).replaceAll('\\', '/'),
  text: readFileSync(path, 'utf8'),
}));

/** A pending flag by hand: `const [saving, setSaving] = useState(false)` and its string/id variants. */
const BUSY_FLAG =
  /const \[(busy|saving|submitting|sending|exporting|importing|uploading|paying|testing|pending|working)\w*, set\w+\] = useState\b/;

/** Components that show the pending state of a promise their caller hands them, not a write of their own. */
const BUSY_FLAG_ALLOWED: Record<string, string> = {
  'components/send-code-button.tsx': 'counts down after the caller’s onSend promise',
  'components/rich-text-editor/insert-dialog.tsx': 'antd Upload customRequest around the caller’s uploadImage',
};

/** The one place that refreshes queries after a write. */
const ACTION_HOOK = 'hooks/use-action.ts';

/** Files that refresh queries for something that is not a write of theirs. */
const INVALIDATE_ALLOWED: Record<string, string> = {
  'areas/admin/pages/payments/index.tsx':
    'a test payment paid at the gateway (seen by polling its status) refreshes the payments list',
};

/** Requests unwrapped outside a queryFn that are not writes (or are uploads an antd Upload/editor drives). */
const UNWRAP_OUTSIDE_QUERY: Record<string, string> = {
  getSiteInfo: 'read once into the site-info store',
  getAdminMe: 'read of the signed-in staff (shell, two-step panel)',
  getOtherMe: 'read of the signed-in staff (shell)',
  adminGoodsDetail: 'the goods editor loads one goods into its form when it opens',
  adminDirs: 'read, inside the catalog meta queryFn',
  adminBrands: 'read, inside the catalog meta queryFn',
  adminLevels: 'read, inside the catalog meta queryFn',
  getPaymentStatus: 'read, polled while a payment is under way',
  lookupVisitorOrder: 'read: the visitor order lookup form shows its reasons inline',
  visitorOrderStatuses: 'read of the remembered orders’ statuses',
  adminUploadFile: 'upload driven by an antd Upload / the rich-text editor, which show its progress',
  uploadFile: 'upload driven by an antd Upload, which shows its progress',
};

/** Every `unwrap(callee(` outside a `queryFn: () => unwrap(` (a read); callee names. */
function unwrapsOutsideQueries(text: string): string[] {
  return [...text.matchAll(/(queryFn: (?:async )?\(\) => )?unwrap\(\s*(\w+)/g)].filter((m) => !m[1]).map((m) => m[2]);
}

describe('one idiom per everyday act in the web app', () => {
  it('sees the sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('no hand-written busy flag around a write: use useAction (hooks/use-action.ts) and its isPending', () => {
    const offenders = files
      .filter((f) => BUSY_FLAG.test(f.text) && !(f.name in BUSY_FLAG_ALLOWED))
      .map((f) => `${f.name}: ${f.text.match(BUSY_FLAG)?.[0]}`);
    expect(offenders).toEqual([]);
  });

  it('no inline query key: every queryKey comes from a factory in api/keys.ts', () => {
    const offenders = files.filter((f) => f.name !== 'api/keys.ts' && /queryKey: \[/.test(f.text)).map((f) => f.name);
    expect(offenders).toEqual([]);
  });

  it('no adminPath parameter in web/src/api: admin calls go through adminUrl (app/http/admin-path.ts)', () => {
    const offenders = files
      .filter((f) => f.name.startsWith('api/'))
      .filter((f) => /function \w+\([^)]*\badminPath\b/.test(f.text) || /\$\{adminPath\}/.test(f.text))
      .map((f) => f.name);
    expect(offenders).toEqual([]);
  });

  it('no invalidateQueries by hand: a write names its refreshes in useAction({ invalidates })', () => {
    const offenders = files
      .filter((f) => f.name !== ACTION_HOOK && !(f.name in INVALIDATE_ALLOWED) && /invalidateQueries/.test(f.text))
      .map((f) => f.name);
    expect(offenders).toEqual([]);
  });

  it('no unwrap of a write outside useAction: reads in a queryFn, the listed reads and uploads only', () => {
    const offenders = files
      .filter((f) => f.name !== ACTION_HOOK && f.name !== 'app/http/unwrap.ts')
      .flatMap((f) => unwrapsOutsideQueries(f.text).map((callee) => ({ file: f.name, callee })))
      .filter(({ callee }) => !(callee in UNWRAP_OUTSIDE_QUERY))
      .map(({ file, callee }) => `${file}: unwrap(${callee}(…))`);
    expect(offenders).toEqual([]);
  });

  it('the guards catch what they are meant to', () => {
    expect(unwrapsOutsideQueries('queryFn: () => unwrap(getDirs()),')).toEqual([]);
    expect(unwrapsOutsideQueries('onOk: async () => {\n  await unwrap(\n    cancelOrder(no),')).toEqual([
      'cancelOrder',
    ]);
    expect(unwrapsOutsideQueries('const r = await unwrap(adminVoidCards(selected));')).toEqual(['adminVoidCards']);
    expect(BUSY_FLAG.test('  const [saving, setSaving] = useState(false);')).toBe(true);
    expect(BUSY_FLAG.test('  const [busy, setBusy] = useState<string | null>(null);')).toBe(true);
    expect(BUSY_FLAG.test('  const [open, setOpen] = useState(false);')).toBe(false);
    expect(/function \w+\([^)]*\badminPath\b/.test('export function listStaff(\n  adminPath: string,\n) {')).toBe(true);
  });
});
