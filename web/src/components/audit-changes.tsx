import { Modal, Typography } from 'antd';
import type { AuditEntry } from '@kapu/contract';

/** Pretty JSON for the before/after viewer (as text, never HTML). */
export function prettyJson(value: unknown): string {
  if (value === null || value === undefined) return '（无）';
  return JSON.stringify(value, null, 2);
}

/** One audit entry's data before and after the change, side by side (the admin log and the owner's 操作记录). */
export function AuditChangesModal({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  return (
    <Modal
      open={!!entry}
      title={entry ? `${entry.actionText} · ${entry.targetText}` : ''}
      onCancel={onClose}
      footer={null}
      width={860}
    >
      {entry && (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))', gap: 16 }}>
          {(['before', 'after'] as const).map((side) => (
            <div key={side}>
              <Typography.Title level={5}>{side === 'before' ? '修改前' : '修改后'}</Typography.Title>
              <pre
                style={{
                  background: '#fafafa',
                  border: '1px solid #f0f0f0',
                  padding: 12,
                  maxHeight: 420,
                  overflow: 'auto',
                  fontSize: 12,
                }}
              >
                {prettyJson(entry[side])}
              </pre>
            </div>
          ))}
        </div>
      )}
    </Modal>
  );
}
