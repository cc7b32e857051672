import type { ReactNode } from 'react';
import { Breadcrumb, Card, Empty, Typography } from 'antd';
import { Link, useLocation } from 'react-router';
import { breadcrumbsOf } from '@/app/router/breadcrumbs';
import { useRouteMeta } from '@/hooks/use-route-meta';
import { useInShell } from './shell-context';
import './page-frame.css';

interface PageFrameProps {
  title: string;
  description?: string;
  /** Extra controls at the right of the title. */
  extra?: ReactNode;
  children?: ReactNode;
}

/** Title, breadcrumbs (outside the shell, whose header has them) and a one-line purpose. */
export function PageFrame({ title, description, extra, children }: PageFrameProps) {
  const meta = useRouteMeta();
  const { pathname } = useLocation();
  const inShell = useInShell();
  const crumbs = breadcrumbsOf(meta, pathname);
  return (
    <section className="page-frame">
      {!inShell && crumbs.length > 1 && (
        <Breadcrumb
          className="page-frame-crumbs"
          items={crumbs.map((c) => ({ key: c.title, title: c.path ? <Link to={c.path}>{c.title}</Link> : c.title }))}
        />
      )}
      <header className="page-frame-head">
        <div>
          <Typography.Title level={3} className="page-frame-title">
            {title}
          </Typography.Title>
          {description && (
            <Typography.Paragraph type="secondary" className="page-frame-desc">
              {description}
            </Typography.Paragraph>
          )}
        </div>
        {extra}
      </header>
      {children}
    </section>
  );
}

/** The frame of a page whose features arrive with a later module: its route data says what it is for. */
export function RouteFrame({ heading }: { heading?: string }) {
  const meta = useRouteMeta();
  return (
    <PageFrame title={heading ?? meta?.title ?? ''} description={meta?.description}>
      <Card>
        <Empty description="暂无数据" />
      </Card>
    </PageFrame>
  );
}
