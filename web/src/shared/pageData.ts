import type { AppDispatch } from './state';
import type { User } from './session/session';

/**
 * A page's first queries, started as soon as the router knows the page (issue 41): beside the page's code, its
 * texts and the profile, instead of after them. It dispatches each query's `initiate` with exactly the
 * arguments the page's hooks will ask, `subscribe: false`: the page's hooks then find the answer (or the
 * request in flight) and add nothing. `user` is the stored session's; a page that is not this user's asks
 * nothing.
 */
export type StartPageData = (dispatch: AppDispatch, user: User) => void;

/** How long a page takes a list it finds in the store as fresh when it mounts (it refetches anything older). */
export const FRESH_ON_MOUNT_S = 5;
