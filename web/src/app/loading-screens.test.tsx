// A screen that is still loading (the session being read, a page's code on its way) is a screen too: its spinner is
// in the page's one `main` landmark, so axe finds no landmark-one-main or region fault on it (issue 32: two screens
// had no main and content outside any landmark).
import axe from 'axe-core';
import { screen } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { signedIn } from '../../test/signed-in';

const RULES = ['landmark-one-main', 'landmark-no-duplicate-main', 'region'];

async function landmarkProblems(): Promise<string[]> {
  const result = await axe.run(document, { runOnly: { type: 'rule', values: RULES } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.each(['/dashboard/chef', '/verify-phone', '/settings'])(
  'while the session is read, %s is one main landmark holding the spinner',
  async (path) => {
    signedIn('chef');
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    fakeApi.on('GET', '/profiles/me', async () => {
      await gate;
      return { status: 503, body: { error: 'later', code: 'SERVICE.UNAVAILABLE' } };
    });
    renderApp(path);
    await screen.findByRole('status');
    const mains = document.querySelectorAll('main');
    expect(mains).toHaveLength(1);
    expect(mains[0].querySelector('[role="status"]')).toBeTruthy();
    expect(await landmarkProblems()).toEqual([]);
    release();
  },
);
