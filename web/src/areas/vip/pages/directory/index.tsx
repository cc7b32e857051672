import { useMemo, useState } from 'react';
import { Button, Card, Input, InputNumber, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { SiteDirView } from '@kapu/contract';
import { getSiteDirs, resetSiteDirs, saveSiteDirs, type SiteDirForm } from '@/api/site-owner';
import { catalogKeys, siteOwnerKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { LoadFailed } from '@/components/load-failed';
import { PageFrame } from '@/components/page-frame';
import { useAction } from '@/hooks/use-action';
import { useRouteMeta } from '@/hooks/use-route-meta';

interface Edit {
  name: string;
  sort: number | null;
  hidden: boolean;
}
type DirRow = SiteDirView & { children?: DirRow[] };

/** 分站目录：平台的商品目录在本分站的名称、排序与显示，改动只影响本分站；可恢复为平台设置。 */
export default function DirectoryPage() {
  const meta = useRouteMeta();
  const dirs = useQuery({ queryKey: siteOwnerKeys.dirs, queryFn: () => unwrap(getSiteDirs()) });
  const [edits, setEdits] = useState<Map<number, Edit>>(new Map());
  const list = useMemo(() => dirs.data ?? [], [dirs.data]);
  const tree = useMemo<DirRow[]>(
    () =>
      list
        .filter((d) => d.parentId === null)
        .map((d) => {
          const children = list.filter((c) => c.parentId === d.id);
          return children.length ? { ...d, children } : d;
        }),
    [list],
  );
  const current = (d: SiteDirView): Edit => edits.get(d.id) ?? { name: d.name ?? '', sort: d.sort, hidden: d.hidden };
  const change = (d: SiteDirView, patch: Partial<Edit>) =>
    setEdits((m) => new Map(m).set(d.id, { ...current(d), ...patch }));

  const save = useAction({
    call: (items: SiteDirForm[]) => saveSiteDirs(items),
    success: (r) => `已保存 ${r.saved} 个目录的设置`,
    invalidates: [siteOwnerKeys.dirs, catalogKeys.dirs],
    onSuccess: () => setEdits(new Map()),
  });
  const reset = useAction({
    call: (dirId: number | undefined) => resetSiteDirs(dirId),
    success: (r, dirId) => (dirId ? '已恢复为平台设置' : `已恢复 ${r.reset} 个目录为平台设置`),
    invalidates: [siteOwnerKeys.dirs, catalogKeys.dirs],
    onSuccess: (_r, dirId) =>
      setEdits((m) => {
        if (dirId === undefined) return new Map();
        const next = new Map(m);
        next.delete(dirId);
        return next;
      }),
  });
  const submit = () =>
    save.run(
      [...edits.entries()].map(([dirId, e]) => ({
        dirId,
        name: e.name.trim() || undefined,
        sort: e.sort ?? undefined,
        hidden: e.hidden ? 1 : 0,
      })),
    );

  return (
    <PageFrame
      title="分站目录"
      description={meta?.description}
      extra={
        <Space>
          <Popconfirm title="把全部目录恢复为平台的名称、排序和显示？" onConfirm={() => reset.confirm(undefined)}>
            <Button>全部恢复</Button>
          </Popconfirm>
          <Button type="primary" disabled={edits.size === 0} loading={save.isPending} onClick={submit}>
            保存修改{edits.size ? `（${edits.size}）` : ''}
          </Button>
        </Space>
      }
    >
      <Card>
        {dirs.isError ? (
          <LoadFailed title="目录加载失败" onRetry={() => void dirs.refetch()} />
        ) : (
          <>
            <Typography.Paragraph type="secondary">
              名称留空即使用平台名称；排序数字越小越靠前，留空按平台顺序；隐藏的目录不在本分站的目录中显示。
            </Typography.Paragraph>
            <Table<DirRow>
              // Mounted again once the tree arrives, so every directory starts expanded.
              key={tree.length ? 'loaded' : 'empty'}
              rowKey="id"
              loading={dirs.isFetching}
              dataSource={tree}
              pagination={false}
              expandable={{ defaultExpandAllRows: true }}
              scroll={{ x: 'max-content' }}
              columns={[
                {
                  title: '平台目录',
                  dataIndex: 'platformName',
                  render: (v: string, d) => (
                    <Space>
                      {v}
                      {(d.name !== null || d.sort !== null || d.hidden) && <Tag color="blue">已自定义</Tag>}
                    </Space>
                  ),
                },
                {
                  title: '本站名称',
                  key: 'name',
                  render: (_: unknown, d) => (
                    <Input
                      aria-label={`${d.platformName} 的本站名称`}
                      style={{ width: 200 }}
                      maxLength={50}
                      placeholder={d.platformName}
                      value={current(d).name}
                      onChange={(e) => change(d, { name: e.target.value })}
                    />
                  ),
                },
                {
                  title: '排序',
                  key: 'sort',
                  render: (_: unknown, d) => (
                    <InputNumber
                      aria-label={`${d.platformName} 的排序`}
                      style={{ width: 110 }}
                      min={-100000}
                      max={100000}
                      precision={0}
                      placeholder={String(d.platformSort)}
                      value={current(d).sort}
                      onChange={(v) => change(d, { sort: v ?? null })}
                    />
                  ),
                },
                {
                  title: '显示',
                  key: 'hidden',
                  render: (_: unknown, d) => (
                    <Switch
                      checked={!current(d).hidden}
                      checkedChildren="显示"
                      unCheckedChildren="隐藏"
                      onChange={(on) => change(d, { hidden: !on })}
                    />
                  ),
                },
                {
                  title: '操作',
                  key: 'op',
                  render: (_: unknown, d) => (
                    <Button
                      type="link"
                      size="small"
                      disabled={d.name === null && d.sort === null && !d.hidden}
                      loading={reset.pendingInput === d.id}
                      onClick={() => reset.run(d.id)}
                    >
                      恢复平台设置
                    </Button>
                  ),
                },
              ]}
            />
          </>
        )}
      </Card>
    </PageFrame>
  );
}
