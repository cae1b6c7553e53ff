import type { Namespace } from '../locales';
import { loadNamespaces } from '../shared/i18n';

export type Module = { default: React.ComponentType };

/**
 * A route's `lazy`: the page's own chunk and its texts (namespaces, and the texts of the server's answers)
 * load together, so the page shows with its words.
 */
export const page =
  (load: () => Promise<Module>, ns: Namespace[] = []) =>
  async () => {
    const [mod] = await Promise.all([load(), loadNamespaces(['common', 'errors', ...ns])]);
    return { Component: mod.default };
  };

/**
 * The same for a page that asks the server nothing (the landing and about pages): without the texts of the
 * server's answers, 8 KB less on the first page most visitors see.
 */
export const pageWithoutAnswers =
  (load: () => Promise<Module>, ns: Namespace[] = []) =>
  async () => {
    const [mod] = await Promise.all([load(), loadNamespaces(['common', ...ns])]);
    return { Component: mod.default };
  };
