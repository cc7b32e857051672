import { useState } from 'react';
import { Card, Tabs } from 'antd';
import { PageFrame } from '@/components/page-frame';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { BroadcastPanel } from './broadcast-panel';
import { DeliveryLog } from './delivery-log';
import { RobotsPanel } from './robots-panel';
import { TelegramPanel } from './telegram-panel';

/** 消息通知：群发站内信、员工群机器人、Telegram 机器人与通知投递记录。 */
export default function AdminMessagesPage() {
  const meta = useRouteMeta();
  const [tab, setTab] = useState('broadcast');
  return (
    <PageFrame title="消息通知" description={meta?.description}>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            { key: 'broadcast', label: '群发消息', children: <BroadcastPanel /> },
            { key: 'robots', label: '群机器人', children: <RobotsPanel /> },
            { key: 'telegram', label: 'Telegram 机器人', children: <TelegramPanel /> },
            { key: 'deliveries', label: '投递记录', children: <DeliveryLog /> },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
