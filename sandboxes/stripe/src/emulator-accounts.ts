import type { Executor } from '@brigade/kit';
import { base62, nowSeconds, stripeId } from './ids';
import type { SandboxStore, StripeObject } from './store';
import { invalid, metadata, missing, str } from './emulator-params';
import type { Params, RequestInfo } from './emulator-params';
import { testDebitCard } from './emulator-payouts';

const INDIVIDUAL_REQUIREMENTS = [
  'business_profile.mcc',
  'business_profile.url',
  'external_account',
  'individual.address.city',
  'individual.address.line1',
  'individual.address.postal_code',
  'individual.address.state',
  'individual.dob.day',
  'individual.dob.month',
  'individual.dob.year',
  'individual.email',
  'individual.first_name',
  'individual.last_name',
  'individual.phone',
  'individual.ssn_last_4',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];
const COMPANY_REQUIREMENTS = [
  'business_profile.mcc',
  'business_profile.url',
  'company.address.city',
  'company.address.line1',
  'company.address.postal_code',
  'company.address.state',
  'company.name',
  'company.phone',
  'company.tax_id',
  'external_account',
  'representative.dob.day',
  'representative.first_name',
  'representative.last_name',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

/** Connected accounts and account links (the chef's payout onboarding). */
export class AccountsEmulator {
  constructor(
    protected readonly store: SandboxStore,
    protected readonly publicUrl: string,
  ) {}

  // ---------- accounts ----------
  async createAccount(tx: Executor, p: Params, req: RequestInfo) {
    const type = str(p.type) ?? 'express';
    if (!['express', 'standard', 'custom'].includes(type)) throw invalid(`Invalid type: ${type}`, 'type');
    const businessType = str(p.business_type) ?? 'individual';
    const capabilities = (p.capabilities ?? {}) as Record<string, Params | undefined>;
    const requested = Object.keys(capabilities).filter(
      (k) => capabilities[k]?.requested === 'true' || capabilities[k]?.requested === true,
    );
    const due = businessType === 'company' ? COMPANY_REQUIREMENTS : INDIVIDUAL_REQUIREMENTS;
    const account: StripeObject = {
      id: stripeId('acct').slice(0, 21),
      object: 'account',
      type,
      business_type: businessType,
      business_profile: { mcc: null, name: null, url: null, product_description: null },
      capabilities: Object.fromEntries(
        (requested.length ? requested : ['transfers']).map((c) => [c, 'inactive']),
      ),
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      country: str(p.country) ?? 'US',
      created: nowSeconds(),
      default_currency: 'usd',
      email: str(p.email) ?? null,
      external_accounts: { object: 'list', data: [], has_more: false, total_count: 0, url: '' },
      metadata: metadata(p.metadata),
      requirements: this.requirements(due),
      future_requirements: this.requirements([]),
      settings: { payouts: { schedule: { delay_days: 2, interval: 'daily' } } },
      tos_acceptance: { date: null, ip: null },
    };
    account.external_accounts.url = `/v1/accounts/${account.id}/external_accounts`;
    await this.store.put(tx, account);
    await this.store.emit(tx, 'account.updated', account, req);
    return account;
  }

  private requirements(due: string[]) {
    return {
      alternatives: [],
      current_deadline: null,
      currently_due: [...due],
      disabled_reason: due.length ? 'requirements.past_due' : null,
      errors: [],
      eventually_due: [...due],
      past_due: [...due],
      pending_verification: [],
    };
  }

  async getAccount(tx: Executor, id: string) {
    const account = await this.store.get(tx, id, 'account');
    if (!account) throw missing('account', id, 'account');
    return account;
  }

  /** What the hosted onboarding does once the user has entered everything. */
  async completeOnboarding(tx: Executor, id: string, req: RequestInfo) {
    const account = await this.getAccount(tx, id);
    account.charges_enabled = true;
    account.payouts_enabled = true;
    account.details_submitted = true;
    account.capabilities = Object.fromEntries(
      Object.keys(account.capabilities ?? { transfers: 'inactive' }).map((c) => [c, 'active']),
    );
    account.requirements = this.requirements([]);
    account.tos_acceptance = { date: nowSeconds(), ip: '127.0.0.1' };
    account.external_accounts.data = [
      {
        id: stripeId('ba'),
        object: 'bank_account',
        last4: '6789',
        bank_name: 'STRIPE TEST BANK',
        currency: 'usd',
      },
      // Issue 38: Stripe's test mode gives every Express account a debit card that takes instant payouts.
      testDebitCard(account.id),
    ];
    account.external_accounts.total_count = account.external_accounts.data.length;
    await this.store.put(tx, account);
    await this.store.emit(tx, 'account.updated', account, req);
    return account;
  }

  async createAccountLink(tx: Executor, p: Params) {
    const accountId = str(p.account);
    if (!accountId) throw invalid('Missing required param: account.', 'account', 'parameter_missing');
    const returnUrl = str(p.return_url);
    const refreshUrl = str(p.refresh_url);
    if (!returnUrl) throw invalid('Missing required param: return_url.', 'return_url', 'parameter_missing');
    if (!refreshUrl)
      throw invalid('Missing required param: refresh_url.', 'refresh_url', 'parameter_missing');
    const type = str(p.type) ?? 'account_onboarding';
    if (!['account_onboarding', 'account_update'].includes(type))
      throw invalid(`Invalid type: ${type}`, 'type');
    await this.getAccount(tx, accountId);
    const token = base62(24);
    const created = nowSeconds();
    const url = new URL(`/sandbox/stripe/connect/onboarding/${accountId}`, this.publicUrl);
    url.searchParams.set('return_url', returnUrl);
    url.searchParams.set('link', token);
    // The link's own record (not a Stripe object type one can fetch): single use, expires like Stripe's.
    await this.store.put(tx, {
      id: `acctlink_${token}`,
      object: 'account_link_record',
      account: accountId,
      return_url: returnUrl,
      refresh_url: refreshUrl,
      expires_at: created + 300,
      used: false,
    });
    return { object: 'account_link', created, expires_at: created + 300, url: url.toString() };
  }

  async accountLink(tx: Executor, token: string) {
    return this.store.get(tx, `acctlink_${token}`, 'account_link_record');
  }

  async useAccountLink(tx: Executor, link: StripeObject) {
    await this.store.put(tx, { ...link, used: true });
  }
}
