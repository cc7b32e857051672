import { Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { getRestockState, subscribeRestock, unsubscribeRestock } from '@/api/messages';
import { messageKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';
import { useAction } from '@/hooks/use-action';

/** 到货提醒 on a sold-out goods: members subscribe (a message when it is restocked); visitors are sent to log in. */
export function RestockButton({ goodsId, member }: { goodsId: number; member: boolean }) {
  const navigate = useNavigate();
  const state = useQuery({
    queryKey: messageKeys.restock(goodsId),
    queryFn: () => unwrap(getRestockState(goodsId), { toast: false }),
    enabled: member,
  });
  const subscribe = useAction({
    call: () => subscribeRestock(goodsId),
    success: '已订阅，到货后会通过站内信通知您',
    invalidates: [messageKeys.restock(goodsId)],
  });
  const cancel = useAction({
    call: () => unsubscribeRestock(goodsId),
    success: '已取消到货提醒',
    invalidates: [messageKeys.restock(goodsId)],
  });
  if (!member)
    return (
      <Button
        size="large"
        icon={<BellOutlined />}
        onClick={() => navigate(`/login?redirect=${encodeURIComponent(`/inside/buyGoods?goodId=${goodsId}`)}`)}
      >
        登录后订阅到货提醒
      </Button>
    );
  if (state.data?.subscribed)
    return (
      <Button size="large" icon={<BellOutlined />} loading={cancel.isPending} onClick={() => cancel.run()}>
        已订阅到货提醒（点击取消）
      </Button>
    );
  return (
    <Button
      size="large"
      icon={<BellOutlined />}
      loading={subscribe.isPending || state.isLoading}
      onClick={() => subscribe.run()}
    >
      到货提醒
    </Button>
  );
}
