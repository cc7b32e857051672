import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import './auth-card.css';

/** The centred card used by every login/register form. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="auth-card-wrap">
      <Card className="auth-card">
        <Typography.Title level={3} className="auth-card-title">
          {title}
        </Typography.Title>
        {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
        {children}
        {footer && <div className="auth-card-footer">{footer}</div>}
      </Card>
    </div>
  );
}
