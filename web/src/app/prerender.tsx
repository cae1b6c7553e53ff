import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import i18n, { type AppLanguage } from '../shared/i18n';
import { makeStore } from './store';
import { routes } from './router';

/** The languages the landing page is written in: the app's. */
export { APP_LANGUAGES } from '../shared/i18n';

/**
 * The landing page rendered at build time (issue 41), in each language, by the app's own routes, components and
 * texts: the build writes it into `landing.<language>.html`, which the gateway answers `/` with. A phone shows the
 * page as soon as the HTML and the styles are in, instead of after the scripts and the texts; the app then
 * renders the same page over it (src/main.tsx), and takes over its links and buttons.
 */
export async function renderLanding(language: AppLanguage): Promise<string> {
  await i18n.changeLanguage(language);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`the landing page answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <Provider store={makeStore()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Provider>
    </StrictMode>,
  );
}
