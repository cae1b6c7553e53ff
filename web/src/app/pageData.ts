import type { RouteObject } from 'react-router-dom';
import type { StartPageData } from '../shared/pageData';
import { isExpired } from '../shared/session/session';
import type { AppStore } from './store';

/** What a route names in its `handle` to have its page's first queries started with its code (issue 41). */
export interface PageDataHandle {
  pageData: () => Promise<StartPageData>;
}

const hasPageData = (handle: unknown): handle is PageDataHandle =>
  typeof (handle as PageDataHandle | undefined)?.pageData === 'function';

/**
 * The routes with a loader on each route whose handle names its page data: when the router matches the page
 * (the first load, or a navigation), the loader starts the page's queries and returns at once, so the router
 * waits for nothing more than before. Only with a session that needs no refresh: an expired one is renewed
 * first (restoreSession), and its queries would only be refused.
 */
export function withPageData(routes: RouteObject[], store: AppStore): RouteObject[] {
  return routes.map((route) => {
    const children = route.children && withPageData(route.children, store);
    if (!hasPageData(route.handle)) return children ? { ...route, children } : route;
    const { pageData } = route.handle;
    const loader = () => {
      const session = store.getState().auth.session;
      if (session && !isExpired(session))
        void pageData().then(
          (start) => start(store.dispatch, session.user),
          // the page's own code failed to load too: the route's error element says so
          () => undefined,
        );
      return null;
    };
    return { ...route, ...(children ? { children } : {}), loader } as RouteObject;
  });
}
