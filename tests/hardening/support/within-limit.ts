/**
 * `outcome`, or an error once `limitMs` have passed: a wait that never ends fails on its own, named by `what`
 * (a step of a test), instead of running out the whole test's time with nothing said.
 */
export function withinLimit<T>(outcome: Promise<T>, limitMs: number, what?: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    const said = `did not end within ${limitMs / 1000} s`;
    timer = setTimeout(() => reject(new Error(what ? `${what}: ${said}` : said)), limitMs);
  });
  return Promise.race([outcome, late]).finally(() => clearTimeout(timer));
}
