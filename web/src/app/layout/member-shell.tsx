import { AppShell } from './app-shell';

/** Frame of /inside, /vip and /supply pages (lazy route module). */
export default function MemberShell() {
  return <AppShell shell="member" />;
}
