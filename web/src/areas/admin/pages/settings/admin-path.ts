import { RESERVED_PATHS } from '@kapu/contract';
import { writeAdminPath } from '@/app/storage/local';

/** The client check of a new admin path (the server checks again); null when it is fine. */
export function adminPathProblem(next: string, current: string): string | null {
  if (!next) return '请输入新的后台路径';
  if (!/^[A-Za-z0-9]{4,32}$/.test(next)) return '后台路径只能包含字母和数字（4-32 位）';
  if (RESERVED_PATHS.includes(next.toLowerCase())) return '该路径为系统保留路径，请换一个';
  if (next === current) return '新路径与当前路径相同';
  return null;
}

/** After the server accepted the new path: remember it (admin_path) and open the settings under it. */
export function moveToAdminPath(next: string, go: (url: string) => void = (url) => window.location.assign(url)): void {
  writeAdminPath(next);
  go(`/${next}/settings`);
}
