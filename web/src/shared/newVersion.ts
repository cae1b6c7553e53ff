import { useSyncExternalStore } from 'react';

/**
 * A new version of the app waiting to take over (issue 40): the service worker's registration
 * (app/serviceWorker.ts) offers it, the shell's prompt ("New version available — Reload") reads it and calls
 * `reload`, which lets the waiting worker take over and reloads the page.
 */
export interface NewVersion {
  reload: () => void | Promise<void>;
}

let offered: NewVersion | null = null;
const listeners = new Set<() => void>();

export function offerNewVersion(version: NewVersion | null): void {
  offered = version;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The new version waiting, or null. */
export function useNewVersion(): NewVersion | null {
  return useSyncExternalStore(
    subscribe,
    () => offered,
    () => null,
  );
}
