import {
  checklistView,
  dismissChecklist,
  isChecklistDismissed,
  resetDismissalIfNew,
  EMPTY_CHECKLIST_DATA,
  type ChecklistData,
} from './checklist';

const completedApp = { status: 'accepted', job_postings: { status: 'completed' } } as const;
const chefData = (over: Partial<ChecklistData> = {}): ChecklistData => ({ ...EMPTY_CHECKLIST_DATA, ...over });

describe('onboarding checklist', () => {
  test('a new chef sees four items with only the profile done', () => {
    const view = checklistView('chef', chefData(), false);
    expect(view.items.map((i) => [i.key, i.done])).toEqual([
      ['profile', true],
      ['payouts', false],
      ['apply', false],
      ['complete', false],
    ]);
    expect(view.visible).toBe(true);
    expect(view.congratulate).toBe(false);
  });

  test('chef items turn done with payouts enabled, an application, and a completed shift', () => {
    const view = checklistView(
      'chef',
      chefData({ accountStatus: { payouts_enabled: true }, applications: [completedApp] }),
      false,
    );
    expect(view.items.every((i) => i.done)).toBe(true);
    expect(view.visible).toBe(false); // nothing incomplete
  });

  test('with one completed shift and something left to do the card congratulates', () => {
    const view = checklistView('chef', chefData({ applications: [completedApp] }), false);
    expect(view.visible).toBe(true);
    expect(view.congratulate).toBe(true);
  });

  test('after two completed shifts the checklist is hidden even if items remain', () => {
    const view = checklistView('chef', chefData({ applications: [completedApp, completedApp] }), false);
    expect(view.items.some((i) => !i.done)).toBe(true);
    expect(view.visible).toBe(false);
  });

  test('restaurant items: profile, post a shift, review and pay (a completed job)', () => {
    const fresh = checklistView('restaurant', chefData(), false);
    expect(fresh.items.map((i) => [i.key, i.done])).toEqual([
      ['profile', true],
      ['post', false],
      ['review', false],
    ]);
    const posted = checklistView('restaurant', chefData({ jobs: [{ status: 'open' }] }), false);
    expect(posted.items.find((i) => i.key === 'post')?.done).toBe(true);
    const done = checklistView('restaurant', chefData({ jobs: [{ status: 'completed' }] }), false);
    expect(done.visible).toBe(false);
  });

  test('a dismissed checklist stays hidden', () => {
    expect(checklistView('restaurant', chefData(), true).visible).toBe(false);
  });

  test('dismissal is remembered per user and forgotten for a user with no profile and no completed jobs', () => {
    dismissChecklist('u1');
    expect(isChecklistDismissed('u1')).toBe(true);
    expect(isChecklistDismissed('u2')).toBe(false);
    resetDismissalIfNew('u1', true, chefData(), 'chef');
    expect(isChecklistDismissed('u1')).toBe(true);
    resetDismissalIfNew('u1', false, chefData(), 'chef');
    expect(isChecklistDismissed('u1')).toBe(false);
  });

  test('the checklist links go to the spec destinations', () => {
    const chef = checklistView('chef', chefData(), false).items.map((i) => i.to);
    expect(chef).toEqual(['/onboarding/chef', '/payments/stripe/onboarding', '/jobs', '/my-applications']);
    const rest = checklistView('restaurant', chefData(), false).items.map((i) => i.to);
    expect(rest).toEqual(['/onboarding/restaurant', '/jobs/post', '/my-jobs']);
  });
});
