import { useEffect, useState, type DragEvent } from 'react';
import { Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { useTabsStore, type OpenedTab } from '../stores/tabs-store';
import { RouteIcon } from './icons';

interface TabsBarProps {
  shell: string;
  activeKey: string;
  home: OpenedTab;
  showIcons: boolean;
}

/**
 * Opened pages as tabs: the shell's home tab is fixed first; the rest can be closed and
 * reordered by native HTML5 drag. Tabs are saved per shell in localStorage and restored.
 */
export function TabsBar({ shell, activeKey, home, showIcons }: TabsBarProps) {
  const navigate = useNavigate();
  const tabs = useTabsStore((s) => s.byShell[shell]) ?? [];
  const load = useTabsStore((s) => s.load);
  const close = useTabsStore((s) => s.close);
  const move = useTabsStore((s) => s.move);
  const [dragKey, setDragKey] = useState<string | null>(null);

  useEffect(() => load(shell), [load, shell]);

  const others = tabs.filter((t) => t.key !== home.key);
  const all = [home, ...others];

  const closeTab = (key: string) => {
    if (key === home.key) return;
    if (key === activeKey) {
      const at = all.findIndex((t) => t.key === key);
      const next = all[at + 1] ?? all[at - 1] ?? home;
      navigate(next.path ?? next.key);
    }
    close(shell, key);
  };

  const dragProps = (key: string) =>
    key === home.key
      ? {}
      : {
          draggable: true,
          onDragStart: (e: DragEvent) => {
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', key);
            setDragKey(key);
          },
          onDragOver: (e: DragEvent) => {
            if (dragKey) e.preventDefault();
          },
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            if (dragKey) move(shell, dragKey, key);
            setDragKey(null);
          },
          onDragEnd: () => setDragKey(null),
        };

  return (
    <Tabs
      className="shell-tabs"
      type="editable-card"
      size="small"
      hideAdd
      activeKey={activeKey}
      onChange={(key) => navigate(all.find((t) => t.key === key)?.path ?? key)}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') closeTab(key);
      }}
      items={all.map((tab) => ({
        key: tab.key,
        closable: tab.key !== home.key,
        label: (
          <span className="shell-tab-label">
            {showIcons && <RouteIcon name={tab.icon} />}
            {tab.title}
          </span>
        ),
      }))}
      renderTabBar={(props, DefaultTabBar) => (
        <DefaultTabBar {...props}>
          {(node) => (
            <div
              key={node.key}
              {...dragProps(String(node.key))}
              className={dragKey === node.key ? 'shell-tab-dragging' : undefined}
            >
              {node}
            </div>
          )}
        </DefaultTabBar>
      )}
    />
  );
}
