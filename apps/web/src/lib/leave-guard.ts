import { useEffect } from 'react';

/**
 * Leaving a page that holds unsaved work (row 2 of #25). A page registers a check; the
 * route runtime asks every check before it enters another path — side navigation, an
 * in-app link, the browser's back button — and stays when one answers false. A check may
 * take its time: the editor saves first and asks the person only when something would
 * still be lost. (Closing or reloading the tab is the browser's `beforeunload` prompt.)
 */
type LeaveCheck = () => Promise<boolean> | boolean;

const checks = new Set<LeaveCheck>();

/** Whether every registered page agrees to be left. */
export async function mayLeave(): Promise<boolean> {
  for (const check of [...checks]) if (!(await check())) return false;
  return true;
}

/** Registers `check` while the calling component is mounted. */
export function useLeaveGuard(check: LeaveCheck): void {
  useEffect(() => {
    checks.add(check);
    return () => {
      checks.delete(check);
    };
  }, [check]);
}
