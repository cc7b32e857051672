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

  it('the guards catch what they are meant to', () => {
    expect(BUSY_FLAG.test('  const [saving, setSaving] = useState(false);')).toBe(true);
    expect(BUSY_FLAG.test('  const [busy, setBusy] = useState<string | null>(null);')).toBe(true);
    expect(BUSY_FLAG.test('  const [open, setOpen] = useState(false);')).toBe(false);
    expect(/function \w+\([^)]*\badminPath\b/.test('export function listStaff(\n  adminPath: string,\n) {')).toBe(true);
  });
});
