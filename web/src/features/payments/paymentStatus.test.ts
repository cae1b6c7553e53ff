import {
  canContinueSetup,
  dashboardSetUp,
  groupRequirements,
  paymentStatusKind,
  requirementGroup,
} from './paymentStatus';

const status = (
  over: Partial<{
    charges_enabled: boolean;
    payouts_enabled: boolean;
    due: string[];
    account_id: string | null;
  }> = {},
) => ({
  charges_enabled: over.charges_enabled ?? false,
  payouts_enabled: over.payouts_enabled ?? false,
  requirements: { currently_due: over.due ?? [] },
  account_id: over.account_id === undefined ? 'acct_1' : over.account_id,
});

describe('payment status messages', () => {
  test('chef: payouts enabled is Setup Complete; requirements due is Payout Setup Required; else pending', () => {
    expect(paymentStatusKind('chef', status({ payouts_enabled: true, charges_enabled: true }))).toBe(
      'success',
    );
    expect(paymentStatusKind('chef', status({ due: ['external_account'] }))).toBe('warning');
    expect(paymentStatusKind('chef', status())).toBe('pending');
  });

  test('chef: payouts enabled but refunds not yet possible (charges off) is partial, and counts as set up', () => {
    expect(paymentStatusKind('chef', status({ payouts_enabled: true }))).toBe('partial');
    expect(dashboardSetUp('chef', status({ payouts_enabled: true }), false)).toBe(true);
    expect(dashboardSetUp('chef', status({ due: ['external_account'] }), false)).toBe(false);
  });

  test('restaurant: charges and payouts is complete; charges only is Payment Processing Active', () => {
    expect(paymentStatusKind('restaurant', status({ charges_enabled: true, payouts_enabled: true }))).toBe(
      'success',
    );
    expect(paymentStatusKind('restaurant', status({ charges_enabled: true }))).toBe('partial');
    expect(paymentStatusKind('restaurant', status({ due: ['company.tax_id'] }))).toBe('warning');
    expect(paymentStatusKind('restaurant', status())).toBe('pending');
  });

  test('no account means nothing is set up yet', () => {
    expect(paymentStatusKind('chef', status({ account_id: null }))).toBe('none');
    expect(paymentStatusKind('restaurant', null)).toBe('none');
  });

  test('continue setup is offered only when the status is neither success nor pending', () => {
    expect(canContinueSetup('success')).toBe(false);
    expect(canContinueSetup('pending')).toBe(false);
    expect(canContinueSetup('warning')).toBe(true);
    expect(canContinueSetup('none')).toBe(true);
    expect(canContinueSetup('partial')).toBe(true);
  });

  test('if the status cannot be read, dashboards treat a restaurant as set up (not a chef)', () => {
    expect(dashboardSetUp('restaurant', undefined, true)).toBe(true);
    expect(dashboardSetUp('chef', undefined, true)).toBe(false);
  });
});

describe('requirements', () => {
  test('keys are grouped identity, address, banking, tax, legal, other', () => {
    expect(requirementGroup('individual.dob.day')).toBe('identity');
    expect(requirementGroup('individual.verification.document')).toBe('identity');
    expect(requirementGroup('individual.address.line1')).toBe('address');
    expect(requirementGroup('external_account')).toBe('banking');
    expect(requirementGroup('individual.ssn_last_4')).toBe('tax');
    expect(requirementGroup('company.tax_id')).toBe('tax');
    expect(requirementGroup('tos_acceptance.date')).toBe('legal');
    expect(requirementGroup('business_profile.mcc')).toBe('other');
  });

  test('three requirements are shown per group, the rest counted', () => {
    const groups = groupRequirements([
      'individual.first_name',
      'individual.last_name',
      'individual.dob.day',
      'individual.dob.month',
      'individual.email',
      'external_account',
    ]);
    expect(groups.map((g) => g.group)).toEqual(['identity', 'banking']);
    expect(groups[0].shown).toHaveLength(3);
    expect(groups[0].more).toBe(2);
    expect(groups[1]).toEqual({ group: 'banking', shown: ['external_account'], more: 0 });
  });
});
