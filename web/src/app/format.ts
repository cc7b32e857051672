/** Money is integer fen everywhere (ARCHITECTURE §5); shown as ¥ yuan with 2 decimals. */
export function formatYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  const yuan = Math.floor(abs / 100).toLocaleString('zh-CN');
  return `${sign}¥${yuan}.${String(abs % 100).padStart(2, '0')}`;
}
