import { useState } from 'react';
import { Alert, App, Button, Card, Col, Input, Row, Select, Space, Statistic, Table, Tag, Upload } from 'antd';
import { DownloadOutlined, ImportOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CARD_STATUSES, type CardRow, type CardStatus, type ImportAnswer, MAX_IMPORT_LINES } from '@kapu/contract';
import { adminGoodsList } from '@/api/catalog';
import { adminCardBatches, adminCardList, adminExportCards, adminImportCards, adminVoidCards } from '@/api/stock';
import { unwrap } from '@/app/http/unwrap';
import { useAction } from '@/hooks/use-action';
import { downloadText } from '@/app/csv';
import { Access } from '@/app/guards/access';
import { countCardLines } from './card-text';
import { adminKeys } from '@/api/keys';

const CARD_STATUS_LABELS: Record<CardStatus, { text: string; color: string }> = {
  available: { text: '未售', color: 'green' },
  reserved: { text: '已锁定', color: 'orange' },
  sold: { text: '已售', color: 'blue' },
  void: { text: '已作废', color: 'default' },
};

/** Card stock of one card goods: import (textarea or .txt read in the browser), list, void, export. */
export function StockPanel({ goodsId, onGoodsChange }: { goodsId?: number; onGoodsChange: (id?: number) => void }) {
  const { message, modal } = App.useApp();
  const [text, setText] = useState('');
  const [note, setNote] = useState('');
  const [result, setResult] = useState<ImportAnswer | null>(null);
  const [status, setStatus] = useState<CardStatus>();
  const [batchId, setBatchId] = useState<number>();
  const [card, setCard] = useState<string>();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const cardGoods = useQuery({
    queryKey: adminKeys.cardGoods,
    queryFn: () => unwrap(adminGoodsList({ type: 'card', pageSize: 100 })),
  });
  const batches = useQuery({
    queryKey: adminKeys.batchesOf(goodsId),
    queryFn: () => unwrap(adminCardBatches(goodsId!)),
    enabled: Boolean(goodsId),
  });
  const cards = useQuery({
    queryKey: adminKeys.cardList(goodsId, status, batchId, card, page),
    queryFn: () => unwrap(adminCardList({ goodsId, status, batchId, card, page, pageSize: 20 })),
    enabled: Boolean(goodsId),
    placeholderData: keepPreviousData,
  });
  const lines = countCardLines(text);
  /** What a change of the stock refreshes: batches and their counts, the card list, the goods' stock. */
  const changes = [adminKeys.batches, adminKeys.cards, adminKeys.goods];

  const readFile = (file: File) => {
    if (file.size > 20 * 1024 * 1024) {
      message.error('文件过大：单个文件不超过 20 MB');
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      const content = String(reader.result ?? '');
      if (countCardLines(content) > MAX_IMPORT_LINES)
        message.error(`单次最多导入 ${MAX_IMPORT_LINES} 条卡密，请拆分文件`);
      else setText(content);
    };
    reader.readAsText(file, 'utf-8');
  };

  const importing = useAction({
    call: adminImportCards,
    success: (r) => `导入 ${r.imported} 条`,
    invalidates: changes,
    onSuccess: (r) => {
      setResult(r);
      setText('');
    },
  });
  const doImport = () => {
    if (goodsId) importing.run({ goodsId, text, note: note.trim() || undefined });
  };

  const voiding = useAction({
    call: adminVoidCards,
    success: (r) => `已作废 ${r.voided} 张`,
    invalidates: changes,
    onSuccess: () => setSelected([]),
  });
  const doVoid = () =>
    modal.confirm({
      title: '作废卡密',
      content: `确定作废选中的 ${selected.length} 张卡密？只有未售出的卡密会被作废。`,
      onOk: () => voiding.confirm(selected),
    });

  const exporting = useAction({
    call: adminExportCards,
    success: (r) => `已导出 ${r.count} 条`,
    onSuccess: (r) => downloadText(r.filename, `${r.content}\n`),
  });
  const doExport = () => {
    if (goodsId) exporting.run({ goodsId, batchId, status: status ?? 'available' });
  };

  const counts = batches.data?.counts ?? {};
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap>
        <Select
          showSearch
          optionFilterProp="label"
          placeholder="选择卡密商品"
          style={{ width: 360 }}
          value={goodsId}
          options={(cardGoods.data?.list ?? []).map((g) => ({ value: g.id, label: `#${g.id} ${g.name}` }))}
          onChange={(v: number) => {
            onGoodsChange(v);
            setPage(1);
            setBatchId(undefined);
            setResult(null);
          }}
          aria-label="卡密商品"
        />
      </Space>
      {goodsId && (
        <>
          <Row gutter={16}>
            {CARD_STATUSES.map((s) => (
              <Col key={s} xs={12} md={6}>
                <Card size="small">
                  <Statistic title={CARD_STATUS_LABELS[s].text} value={counts[s] ?? 0} loading={batches.isLoading} />
                </Card>
              </Col>
            ))}
          </Row>
          <Access codes={['catalog.edit']}>
            <Card size="small" title="导入卡密">
              <Input.TextArea
                rows={6}
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder={'每行一张，支持以下格式：\n卡号\n卡号 密码\n卡号----密码'}
                aria-label="卡密文本"
              />
              <Space wrap style={{ marginTop: 8 }}>
                <Upload
                  accept=".txt,text/plain"
                  showUploadList={false}
                  beforeUpload={(f) => {
                    readFile(f);
                    return false;
                  }}
                >
                  <Button icon={<UploadOutlined />}>读取 .txt 文件</Button>
                </Upload>
                <Input
                  placeholder="批次备注（选填）"
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                  maxLength={100}
                  style={{ width: 200 }}
                />
                <span>
                  共 {lines} 行
                  {lines > MAX_IMPORT_LINES && (
                    <Tag color="red" style={{ marginLeft: 8 }}>
                      超过 {MAX_IMPORT_LINES} 行上限
                    </Tag>
                  )}
                </span>
                <Button
                  type="primary"
                  icon={<ImportOutlined />}
                  loading={importing.isPending}
                  disabled={lines === 0 || lines > MAX_IMPORT_LINES}
                  onClick={doImport}
                >
                  导入
                </Button>
              </Space>
              {result && (
                <Alert
                  style={{ marginTop: 12 }}
                  type={result.imported > 0 ? 'success' : 'warning'}
                  showIcon
                  title={`批次 #${result.batchId}：共 ${result.lines} 行，导入 ${result.imported} 条，重复 ${result.duplicates} 条，无效 ${result.invalid} 行`}
                />
              )}
            </Card>
          </Access>
          <Card size="small" title="卡密列表">
            <Space wrap style={{ marginBottom: 12 }}>
              <Select
                allowClear
                placeholder="全部状态"
                style={{ width: 120 }}
                value={status}
                options={CARD_STATUSES.map((s) => ({ value: s, label: CARD_STATUS_LABELS[s].text }))}
                onChange={(v?: CardStatus) => {
                  setStatus(v);
                  setPage(1);
                }}
              />
              <Select
                allowClear
                placeholder="全部批次"
                style={{ width: 220 }}
                value={batchId}
                options={(batches.data?.list ?? []).map((b) => ({
                  value: b.id,
                  label: `#${b.id} ${b.note || b.createdAt}（${b.imported} 条）`,
                }))}
                onChange={(v?: number) => {
                  setBatchId(v);
                  setPage(1);
                }}
              />
              <Input.Search
                allowClear
                placeholder="精确查找卡号"
                style={{ width: 220 }}
                onSearch={(v) => {
                  setCard(v.trim() || undefined);
                  setPage(1);
                }}
              />
              <Access codes={['catalog.edit']}>
                <Button danger disabled={selected.length === 0} onClick={doVoid}>
                  作废选中（{selected.length}）
                </Button>
              </Access>
              <Access codes={['cards.view']}>
                <Button icon={<DownloadOutlined />} onClick={doExport} loading={exporting.isPending}>
                  导出 TXT（{status ? CARD_STATUS_LABELS[status].text : '未售'}）
                </Button>
              </Access>
            </Space>
            <Table<CardRow>
              rowKey="id"
              size="small"
              loading={cards.isFetching}
              dataSource={cards.data?.list ?? []}
              rowSelection={{
                selectedRowKeys: selected,
                onChange: (k) => setSelected(k as number[]),
                getCheckboxProps: (r) => ({ disabled: r.status !== 'available' }),
              }}
              pagination={{
                current: page,
                pageSize: 20,
                total: cards.data?.total ?? 0,
                onChange: setPage,
                showSizeChanger: false,
                showTotal: (t) => `共 ${t} 张`,
              }}
              scroll={{ x: 'max-content' }}
              columns={[
                { title: 'ID', dataIndex: 'id', width: 80 },
                { title: '卡号', dataIndex: 'card' },
                { title: '密码', dataIndex: 'password' },
                { title: '批次', dataIndex: 'batchId' },
                {
                  title: '状态',
                  dataIndex: 'status',
                  render: (v: CardStatus) => (
                    <Tag color={CARD_STATUS_LABELS[v].color}>{CARD_STATUS_LABELS[v].text}</Tag>
                  ),
                },
                { title: '售出时间', dataIndex: 'soldAt', render: (v: string) => v || '—' },
                { title: '导入时间', dataIndex: 'createdAt' },
              ]}
            />
          </Card>
          <Card size="small" title="导入批次">
            <Table
              rowKey="id"
              size="small"
              dataSource={batches.data?.list ?? []}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              columns={[
                { title: '批次', dataIndex: 'id' },
                { title: '备注', dataIndex: 'note' },
                { title: '行数', dataIndex: 'lines' },
                { title: '导入', dataIndex: 'imported' },
                { title: '重复', dataIndex: 'duplicates' },
                { title: '操作人', dataIndex: 'createdBy' },
                { title: '时间', dataIndex: 'createdAt' },
              ]}
            />
          </Card>
        </>
      )}
    </Space>
  );
}
