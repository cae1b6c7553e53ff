import { jest } from '@jest/globals';
import { appPath, noticeOf, openNotice, type AppWindow } from './swPush';

// Issue 40: what the service worker shows for a push and where a tap on it goes (src/sw.ts wires these to the
// worker's `push` and `notificationclick` events; tests/e2e/push.test.ts delivers a real push in Chromium).

const ORIGIN = 'https://brigade.example';

describe('a push shows', () => {
  test("the payload's title and body, the app's icon, and the page it opens", () => {
    expect(
      noticeOf(JSON.stringify({ title: 'New shift: Line Cook', body: 'Sat 5 PM', url: '/jobs/123' }), ORIGIN),
    ).toEqual({
      title: 'New shift: Line Cook',
      options: {
        body: 'Sat 5 PM',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: '/jobs/123' },
      },
    });
  });

  test('a generic "Brigade" opening the inbox when the payload is not JSON, is empty or has no title', () => {
    const generic = {
      title: 'Brigade',
      options: { icon: '/icons/icon-192.png', badge: '/icons/icon-192.png', data: { url: '/inbox' } },
    };
    expect(noticeOf('you have a message', ORIGIN)).toEqual(generic);
    expect(noticeOf(null, ORIGIN)).toEqual(generic);
    expect(noticeOf(undefined, ORIGIN)).toEqual(generic);
    expect(noticeOf(JSON.stringify({ url: '/jobs/1' }), ORIGIN)).toEqual(generic);
    expect(noticeOf('null', ORIGIN)).toEqual(generic);
  });

  test('only a path of this app: another origin, a protocol-relative or a script URL opens the inbox', () => {
    expect(
      noticeOf(JSON.stringify({ title: 'x', url: 'https://evil.example/p' }), ORIGIN).options.data.url,
    ).toBe('/inbox');
    expect(appPath('//evil.example/p', ORIGIN)).toBe('/inbox');
    expect(appPath('/\\evil.example', ORIGIN)).toBe('/inbox');
    expect(appPath('javascript:alert(1)', ORIGIN)).toBe('/inbox');
    expect(appPath(42, ORIGIN)).toBe('/inbox');
    expect(appPath('/messages?job=7#end', ORIGIN)).toBe('/messages?job=7#end');
  });
});

/** Windows as `self.clients` lists them: each can be focused and taken to a page. */
function windows(urls: string[]) {
  const list = urls.map((url) => {
    const w: AppWindow & { focus: jest.Mock; navigate: jest.Mock } = {
      url,
      focus: jest.fn(async () => w),
      navigate: jest.fn(async (to: string) => ((w.url = to), w)),
    } as never;
    return w;
  });
  const openWindow = jest.fn(async (_url: string) => null);
  return { list, clients: { matchAll: async () => list, openWindow }, openWindow };
}

describe('a tap on the notification', () => {
  test("brings the app's open window forward and takes it to the page", async () => {
    const w = windows([`${ORIGIN}/dashboard/chef`]);
    await openNotice(w.clients, { url: '/jobs/123' }, ORIGIN);
    expect(w.list[0].focus).toHaveBeenCalled();
    expect(w.list[0].navigate).toHaveBeenCalledWith(`${ORIGIN}/jobs/123`);
    expect(w.openWindow).not.toHaveBeenCalled();
  });

  test('prefers a window already on that page, and leaves it there', async () => {
    const w = windows([`${ORIGIN}/settings`, `${ORIGIN}/inbox`]);
    await openNotice(w.clients, { url: '/inbox' }, ORIGIN);
    expect(w.list[1].focus).toHaveBeenCalled();
    expect(w.list[0].focus).not.toHaveBeenCalled();
    expect(w.list[1].navigate).not.toHaveBeenCalled();
  });

  test('opens a new window at the page when none of the app is open (another site is not used)', async () => {
    const w = windows(['https://elsewhere.example/']);
    await openNotice(w.clients, { url: '/jobs/9' }, ORIGIN);
    expect(w.list[0].focus).not.toHaveBeenCalled();
    expect(w.openWindow).toHaveBeenCalledWith(`${ORIGIN}/jobs/9`);
  });

  test('a window that cannot be taken there (not controlled) gives way to a new one', async () => {
    const w = windows([`${ORIGIN}/dashboard/chef`]);
    w.list[0].navigate.mockImplementation(async () => {
      throw new TypeError('not controlled');
    });
    await openNotice(w.clients, { url: '/jobs/5' }, ORIGIN);
    expect(w.openWindow).toHaveBeenCalledWith(`${ORIGIN}/jobs/5`);
  });

  test('a foreign or missing url opens the inbox', async () => {
    const w = windows([]);
    await openNotice(w.clients, { url: 'https://evil.example/' }, ORIGIN);
    await openNotice(w.clients, undefined, ORIGIN);
    expect(w.openWindow.mock.calls).toEqual([[`${ORIGIN}/inbox`], [`${ORIGIN}/inbox`]]);
  });
});
