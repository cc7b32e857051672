import { useState } from 'react';
import { Card, Form, Input, Result, Skeleton, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { getCdkShort } from '@/api/cdk';
import { cdkKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { CdkPreviewCard } from '../../lib/cdk-preview';
import { BalanceRedeem, GoodsRedeem } from '../../lib/redeem-forms';

/**
 * 兑换码短链接：/cdk/short/{短链编号}#{兑换码}。编号只用来显示这个码能兑换什么；兑换码在 # 之后，浏览器不会把它
 * 发给服务器（也不会出现在访问日志里），只有拿到完整链接的人才能兑换（决定 0013）。
 */
export default function ShortPage() {
  const meta = useRouteMeta();
  const { short = '' } = useParams();
  const { hash } = useLocation();
  const fromLink = decodeURIComponent(hash.replace(/^#/, '')).trim();
  const [typed, setTyped] = useState('');
  const code = fromLink || typed;
  const preview = useQuery({
    queryKey: cdkKeys.short(short),
    queryFn: () => unwrap(getCdkShort(short)),
    retry: false,
  });
  return (
    <PageFrame title="兑换码" description={meta?.description}>
      <Card style={{ maxWidth: 720 }}>
        {preview.isLoading ? (
          <Skeleton active />
        ) : preview.isError || !preview.data ? (
          <Result
            status="warning"
            title="兑换链接无效"
            subTitle="链接可能不完整或已失效，请向发放人确认，或直接输入兑换码兑换"
            extra={
              <Space>
                <Link to="/cdk/order">兑换商品</Link>
                <Link to="/cdk/recharge">兑换余额</Link>
              </Space>
            }
          />
        ) : (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <CdkPreviewCard preview={preview.data} />
            <>
              {preview.data.status === 'active' &&
                (fromLink ? (
                  <Typography.Text type="secondary">兑换码已随链接带入：{fromLink}</Typography.Text>
                ) : (
                  <Form layout="vertical">
                    <Form.Item label="兑换码" extra="链接不完整：请输入发放人给你的兑换码（24 位字母和数字）" required>
                      <Input
                        value={typed}
                        onChange={(e) => setTyped(e.target.value.trim())}
                        placeholder="XXXX-XXXX-XXXX-XXXX-XXXX-XXXX"
                        maxLength={64}
                        autoComplete="off"
                      />
                    </Form.Item>
                  </Form>
                ))}
              {/* Shown also once the code is used up: the result of this redemption stays on the page. */}
              {code &&
                (preview.data.kind === 'goods' ? (
                  <GoodsRedeem code={code} preview={preview.data} />
                ) : (
                  <BalanceRedeem code={code} active={preview.data.status === 'active'} />
                ))}
            </>
          </Space>
        )}
      </Card>
    </PageFrame>
  );
}
