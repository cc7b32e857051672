import { create } from 'zustand';
import { STORAGE_PREFIX } from '@kapu/contract';

/** One opened page in the tabs bar. `key` is pathname + search. */
export interface OpenedTab {
  /** One tab per route: the pathname (a detail page reuses its tab for every record). */
  key: string;
  title: string;
  icon?: string;
  /** Where the tab leads back to: the route with the query it was last opened with. */
  path?: string;
}

export function tabsStorageKey(shell: string): string {
  return `${STORAGE_PREFIX}opened-tabs-${shell}`;
}

function loadTabs(shell: string): OpenedTab[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(tabsStorageKey(shell)) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (t): t is OpenedTab => !!t && typeof t === 'object' && typeof t.key === 'string' && typeof t.title === 'string',
    );
  } catch {
    return [];
  }
}

function saveTabs(shell: string, tabs: OpenedTab[]): void {
  localStorage.setItem(tabsStorageKey(shell), JSON.stringify(tabs));
}

interface TabsState {
  /** Opened tabs per shell (member, admin, other): no tabs at start, saved ones loaded on demand. */
  byShell: Record<string, OpenedTab[]>;
  load: (shell: string) => void;
  open: (shell: string, tab: OpenedTab) => void;
  close: (shell: string, key: string) => void;
  move: (shell: string, fromKey: string, toKey: string) => void;
}

export const useTabsStore = create<TabsState>()((set, get) => {
  const update = (shell: string, tabs: OpenedTab[]) => {
    saveTabs(shell, tabs);
    set((s) => ({ byShell: { ...s.byShell, [shell]: tabs } }));
  };
  return {
    byShell: {},
    load: (shell) => {
      if (get().byShell[shell]) return;
      set((s) => ({ byShell: { ...s.byShell, [shell]: loadTabs(shell) } }));
    },
    open: (shell, tab) => {
      const tabs = get().byShell[shell] ?? loadTabs(shell);
      const at = tabs.findIndex((t) => t.key === tab.key);
      if (at >= 0 && tabs[at].title === tab.title && tabs[at].path === tab.path) return;
      update(shell, at >= 0 ? tabs.map((t, i) => (i === at ? tab : t)) : [...tabs, tab]);
    },
    close: (shell, key) =>
      update(
        shell,
        (get().byShell[shell] ?? []).filter((t) => t.key !== key),
      ),
    move: (shell, fromKey, toKey) => {
      const tabs = [...(get().byShell[shell] ?? [])];
      const from = tabs.findIndex((t) => t.key === fromKey);
      const to = tabs.findIndex((t) => t.key === toKey);
      if (from < 0 || to < 0 || from === to) return;
      const [moved] = tabs.splice(from, 1);
      tabs.splice(to, 0, moved);
      update(shell, tabs);
    },
  };
});
