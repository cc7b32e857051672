import { RouteFrame } from '@/components/page-frame';

/** 操作日志：查看管理员的登录与操作记录。 */
export default function AuditPage() {
  return <RouteFrame />;
}
