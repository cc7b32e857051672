import { useEffect, useState } from 'react';
import { Button, Modal } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { AnnouncementView } from '@kapu/contract';
import { getPopupAnnouncement } from '@/api/content';
import { unwrap } from '@/app/http/unwrap';
import { SanitizedAnnouncementHtml } from './rich-text';
import { contentKeys } from '@/api/keys';

const SEEN_KEY = 'popupAnnouncementSeen';

/** One key per announcement version: an edited announcement pops up again. */
export function popupKey(a: Pick<AnnouncementView, 'id' | 'updatedAt'>): string {
  return `${a.id}@${a.updatedAt}`;
}

/** Whether this browser has already seen (closed) the popup announcement. */
export function popupSeen(a: Pick<AnnouncementView, 'id' | 'updatedAt'>, storage: Storage = localStorage): boolean {
  return storage.getItem(SEEN_KEY) === popupKey(a);
}

export function markPopupSeen(a: Pick<AnnouncementView, 'id' | 'updatedAt'>, storage: Storage = localStorage): void {
  storage.setItem(SEEN_KEY, popupKey(a));
}

/** The home page's popup announcement, shown once per announcement per browser. */
export function PopupAnnouncement() {
  const navigate = useNavigate();
  const popup = useQuery({
    queryKey: contentKeys.popup,
    queryFn: () => unwrap(getPopupAnnouncement(), { toast: false }),
    staleTime: 5 * 60_000,
  });
  const [open, setOpen] = useState(false);
  const item = popup.data ?? null;

  useEffect(() => {
    if (item && !popupSeen(item)) setOpen(true);
  }, [item]);

  if (!item) return null;
  const close = () => {
    markPopupSeen(item);
    setOpen(false);
  };
  return (
    <Modal
      open={open}
      title={item.title}
      onCancel={close}
      footer={[
        <Button key="more" onClick={() => (close(), navigate(`/viewAnnouncementInfo?id=${item.id}`))}>
          查看详情
        </Button>,
        <Button key="ok" type="primary" onClick={close}>
          我知道了
        </Button>,
      ]}
    >
      <div style={{ maxHeight: '60vh', overflow: 'auto' }}>
        <SanitizedAnnouncementHtml html={item.content} />
      </div>
    </Modal>
  );
}
