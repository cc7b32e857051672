import { create } from 'zustand';
import { writeRecord } from '../storage/page-db';
import { ensureUuid } from '../storage/cookies';

export type UserArea = 'user' | 'admin' | 'other';

/** What the shell and the Access component need to know about whoever is signed in. */
export interface UserInfo {
  area: UserArea;
  name: string;
  avatar: string;
  access: string[];
  roleIds: number[];
}

interface UserState {
  /** Signed-in identity per area (the three areas have separate sessions). */
  byArea: Partial<Record<UserArea, UserInfo>>;
  /** The identity of the area on screen: Access and log entries use it. */
  current: UserInfo | null;
  setUser: (info: UserInfo) => void;
  clearUser: (area: UserArea) => void;
}

export const useUserStore = create<UserState>()((set) => ({
  byArea: {},
  current: null,
  setUser: (info) => {
    set((state) => ({ byArea: { ...state.byArea, [info.area]: info }, current: info }));
    // Kept per browser user in the `sys` section so a reload can show the name before the API answers.
    void writeRecord('sys', `${ensureUuid()}:user:${info.area}`, info).catch(() => undefined);
  },
  clearUser: (area) =>
    set((state) => {
      const byArea = { ...state.byArea };
      delete byArea[area];
      return { byArea, current: state.current?.area === area ? null : state.current };
    }),
}));
