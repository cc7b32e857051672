import { createContext, useContext } from 'react';

/** True inside the back-office shell, whose header already shows the breadcrumbs. */
export const ShellContext = createContext(false);

export function useInShell(): boolean {
  return useContext(ShellContext);
}
