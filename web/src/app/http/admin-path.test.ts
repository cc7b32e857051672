import { afterEach, describe, expect, it } from 'vitest';
import { getAdminMe, listMembers } from '@/api/admin';
import { fakeServer } from '@/test/fakes';
import { adminUrl, currentAdminPath } from './admin-path';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('admin calls take the admin path from the page they are made on', () => {
  it('the first segment of the admin page is the admin path', () => {
    window.history.replaceState(null, '', '/kp8x2/members?page=2');
    expect(currentAdminPath()).toBe('kp8x2');
    expect(adminUrl('members/list')).toBe('/kp8x2/members/list');
  });

  it('the admin API functions post under it without being told', async () => {
    const seen = fakeServer(() => ({ data: { code: 1000, msg: 'ok', data: null } }));
    window.history.replaceState(null, '', '/secret1/index');
    await getAdminMe();
    window.history.replaceState(null, '', '/secret1/members');
    await listMembers({ page: 1, pageSize: 10 });
    expect(seen.map((c) => c.url)).toEqual(['/secret1/auth/me', '/secret1/members/list']);
  });
});
