import { describe, expect, it, vi } from 'vitest';
import { readAdminPath } from '@/app/storage/local';
import { adminPathProblem, moveToAdminPath } from './admin-path';

describe('admin path change', () => {
  it('checks the new path like the server does', () => {
    expect(adminPathProblem('', 'abcd')).toBe('请输入新的后台路径');
    expect(adminPathProblem('ab', 'abcd')).toMatch(/4-32/);
    expect(adminPathProblem('my-admin', 'abcd')).toMatch(/字母和数字/);
    expect(adminPathProblem('Inside', 'abcd')).toMatch(/保留/);
    expect(adminPathProblem('abcd', 'abcd')).toMatch(/相同/);
    expect(adminPathProblem('boss2024', 'abcd')).toBeNull();
  });

  it('stores admin_path before going to the new URL', () => {
    const go = vi.fn((_url: string) => {
      expect(readAdminPath()).toBe('boss2024');
    });
    moveToAdminPath('boss2024', go);
    expect(go).toHaveBeenCalledWith('/boss2024/settings');
  });
});
