import { Button, Result } from 'antd';

/** A section whose data could not be loaded (the toast or dialog already said why). */
export function LoadFailed({ title = '数据加载失败', onRetry }: { title?: string; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title={title}
      subTitle="请检查网络后重试"
      extra={
        <Button type="primary" onClick={onRetry}>
          重新加载
        </Button>
      }
    />
  );
}
