import { useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '@kapu/contract';
import { getSiteInfo } from '@/api/site';
import { unwrap } from '@/app/http/unwrap';
import { readSiteTitle, writeSiteTitle } from '@/app/storage/local';
import { contentKeys } from '@/api/keys';

/** Site title and notice; the title is stored for document titles (with the site's title as suffix). */
export function useSiteInfo() {
  return useQuery<SiteInfo>({
    queryKey: contentKeys.siteInfo,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const info = await unwrap(getSiteInfo(), { toast: false });
      if (info.title && info.title !== readSiteTitle()) {
        const pageTitle = document.title.split(' - ')[0];
        writeSiteTitle(info.title);
        document.title = `${pageTitle} - ${info.title}`;
      }
      return info;
    },
  });
}
