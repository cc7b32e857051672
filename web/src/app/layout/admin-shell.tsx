import { AppShell } from './app-shell';

/** Frame of the admin screens under /{adminPath}/ (lazy route module). */
export default function AdminShell() {
  return <AppShell shell="admin" />;
}
