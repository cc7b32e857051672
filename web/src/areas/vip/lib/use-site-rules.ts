import { useQuery } from '@tanstack/react-query';
import { getPriceRules } from '@/api/site-owner';
import { siteOwnerKeys } from '@/api/keys';
import { unwrap } from '@/app/http/unwrap';

/** The owner's site and its price rules (one cache entry for every page that shows them). */
export function useSiteRules(enabled = true) {
  return useQuery({ queryKey: siteOwnerKeys.rules, queryFn: () => unwrap(getPriceRules()), enabled });
}

/** How a site's status reads, with its tag colour. */
export const SITE_STATUS: Record<string, { text: string; color: string }> = {
  active: { text: '正常', color: 'green' },
  closed: { text: '已关闭', color: 'default' },
  suspended: { text: '已暂停', color: 'orange' },
  expired: { text: '已到期', color: 'red' },
};
