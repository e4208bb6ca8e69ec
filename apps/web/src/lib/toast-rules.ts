// Types only: the library itself loads with the toast area, after the first render (decision 0069).
import type { Id, toast as ToastApi, ToastOptions } from 'react-toastify';

/**
 * Toasts belong to the page that raised them (issue 13, item 7; decision 0101): one at a time,
 * the newest replacing the others, and gone when the user moves to another page. A toast raised
 * as the page sends the user elsewhere ("signed in", "please log in") is marked `carried`: it
 * stays for that one move, then follows the same rule.
 */

/** Options of a toast that is meant to be read on the page the user is being sent to. */
export const CARRIED: Pick<ToastOptions, 'data'> = { data: { carry: true } };

/** Toasts on screen: whether each may still survive one move. */
const active = new Map<Id, { carry: boolean }>();
/** The library's `toast`, given by the toast area when it loads. */
let toast: typeof ToastApi | null = null;
let currentPath: string | null = null;

const isCarried = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as { carry?: unknown }).carry === true;

/** Starts the rules once, with the library's `toast`: a new toast closes the others. */
export function installToastRules(api: typeof ToastApi): void {
  if (toast) return;
  toast = api;
  api.onChange((item) => {
    if (item.status === 'removed') {
      active.delete(item.id);
      return;
    }
    if (item.status !== 'added') return;
    for (const id of active.keys()) if (id !== item.id) api.dismiss(id);
    active.set(item.id, { carry: isCarried(item.data) });
  });
}

/** Called on every location: moving to another page closes the toasts of the one left. */
export function leavePage(pathname: string): void {
  if (currentPath === pathname) return;
  const first = currentPath === null;
  currentPath = pathname;
  if (first || !toast) return;
  const carried = [...active.values()].filter((state) => state.carry);
  toast.clearWaitingQueue();
  // Nothing to keep: every toast goes, tracked or not.
  if (carried.length === 0) {
    toast.dismiss();
    return;
  }
  for (const [id, state] of active) {
    if (state.carry) state.carry = false;
    else toast.dismiss(id);
  }
}
