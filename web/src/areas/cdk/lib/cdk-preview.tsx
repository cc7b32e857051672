import { Alert, Descriptions, Tag } from 'antd';
import { GoodsTypeLabels, type CdkPreview, type CdkStatus } from '@kapu/contract';
import { formatYuan } from '@/app/format';

const STATUS_COLORS: Record<CdkStatus, string> = { active: 'green', used: 'default', voided: 'red', expired: 'orange' };

export function CdkStatusTag({ status, text }: { status: CdkStatus; text: string }) {
  return <Tag color={STATUS_COLORS[status]}>{text}</Tag>;
}

/** What a code redeems: goods and quantity or the balance amount, its state and time, where it redeems. */
export function CdkPreviewCard({ preview }: { preview: CdkPreview }) {
  return (
    <>
      <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
        <Descriptions.Item label="类型">{preview.kindText}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <CdkStatusTag status={preview.status} text={preview.statusText} />
        </Descriptions.Item>
        {preview.kind === 'goods' ? (
          <>
            <Descriptions.Item label="兑换商品">
              {preview.goodsName}
              {preview.goodsType ? `（${GoodsTypeLabels[preview.goodsType]}）` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="数量">{preview.quantity}</Descriptions.Item>
          </>
        ) : (
          <Descriptions.Item label="面值">{formatYuan(preview.amount)}</Descriptions.Item>
        )}
        <Descriptions.Item label="有效期至">{preview.expiresAt || '长期有效'}</Descriptions.Item>
        <Descriptions.Item label="发放店铺">{preview.siteTitle}</Descriptions.Item>
        {preview.usesLeft > 1 && (
          <Descriptions.Item label="剩余可兑换">{preview.usesLeft} 次（每人一次）</Descriptions.Item>
        )}
      </Descriptions>
      {preview.status !== 'active' && (
        <Alert style={{ marginTop: 12 }} type="warning" showIcon title={`该兑换码${preview.statusText}，不能再兑换`} />
      )}
    </>
  );
}
