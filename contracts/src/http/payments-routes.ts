import type { RouteDoc } from '../common';
import {
  AccountStatus,
  ClientSecretResponse,
  ConfirmPaymentResponse,
  CreateAccountResponse,
  JobPayment,
  OnboardingLinkResponse,
  PaymentsConfigResponse,
  SavedCardResponse,
  SavedCardSetupResponse,
  WebhookAck,
} from './payments-entities';
import {
  BalancesResponse,
  EarningsResponse,
  MoneyReportQuery,
  PayBalanceBody,
  PayBalanceResponse,
  ReceiptsResponse,
} from './payments-earnings';
import {
  ConfirmPaymentBody,
  CreateEscrowPaymentBody,
  CreatePaymentIntentBody,
  OnboardingLinkBody,
  SavedCardConfirmBody,
} from './payments-requests';

export const paymentsRoutes: RouteDoc[] = [
  {
    method: 'post',
    path: '/payments/create-escrow-payment',
    summary:
      "Client secret of the job's PaymentIntent (amount in cents, checked against the server's total); with use_saved_card the job is paid now with the saved card (402 when the card is declined or needs the restaurant to authenticate)",
    auth: 'restaurant',
    body: CreateEscrowPaymentBody,
    response: ClientSecretResponse,
  },
  {
    method: 'get',
    path: '/payments/saved-card',
    summary: "The restaurant's saved card (brand, last 4, expiry), null when none",
    auth: 'restaurant',
    response: SavedCardResponse,
  },
  {
    method: 'post',
    path: '/payments/saved-card/setup',
    summary: "A SetupIntent for the restaurant's Stripe Customer (created once) to save a card for later",
    auth: 'restaurant',
    response: SavedCardSetupResponse,
  },
  {
    method: 'post',
    path: '/payments/saved-card/confirm',
    summary:
      "Record the card of the restaurant's own confirmed SetupIntent, as the provider reports it (404 for anyone else's)",
    auth: 'restaurant',
    body: SavedCardConfirmBody,
    response: SavedCardResponse,
  },
  {
    method: 'delete',
    path: '/payments/saved-card',
    summary: "Remove the saved card (detached from the restaurant's Customer at the provider)",
    auth: 'restaurant',
    response: SavedCardResponse,
  },
  {
    method: 'post',
    path: '/payments/create-payment-intent',
    summary:
      "Client secret of the job's PaymentIntent (amount in dollars, checked against the server's total)",
    auth: 'restaurant',
    body: CreatePaymentIntentBody,
    response: ClientSecretResponse,
  },
  {
    method: 'post',
    path: '/applications/{applicationId}/confirm-payment',
    summary:
      "Pay the application's job with a PaymentMethod; held_in_escrow on success, 402 with the card text on a decline",
    auth: 'restaurant',
    body: ConfirmPaymentBody,
    response: ConfirmPaymentResponse,
  },
  {
    method: 'get',
    path: '/payments/job/{jobId}',
    summary: "The job's escrow status, amounts and ledger (owning restaurant, or the chef who worked it)",
    auth: 'user',
    response: JobPayment,
  },
  {
    method: 'get',
    path: '/payments/balances',
    summary:
      "The restaurant's balances: extra hours whose off-session charge was declined or needs authentication",
    auth: 'restaurant',
    response: BalancesResponse,
  },
  {
    method: 'post',
    path: '/payments/balances/{applicationId}/pay',
    summary:
      'Pay a balance in the app: the client secret to confirm (or, with paymentMethodId, confirmed now); the chef’s extra moves once collected',
    auth: 'restaurant',
    body: PayBalanceBody,
    response: PayBalanceResponse,
  },
  {
    method: 'get',
    path: '/payments/earnings',
    summary:
      "The chef's earnings from the ledger: paid out, on its way, and per shift (`?format=csv`: a CSV file)",
    auth: 'chef',
    query: MoneyReportQuery,
    response: EarningsResponse,
    fileTypes: ['text/csv'],
  },
  {
    method: 'get',
    path: '/payments/receipts',
    summary:
      "The restaurant's receipts from the ledger: per shift pay, fee, refunds, card, net (`?format=csv`: a CSV file)",
    auth: 'restaurant',
    query: MoneyReportQuery,
    response: ReceiptsResponse,
    fileTypes: ['text/csv'],
  },
  {
    method: 'get',
    path: '/payments/connect/account-status',
    summary: "The caller's Stripe Connect account status (all false and account_id null without an account)",
    auth: 'user',
    response: AccountStatus,
  },
  {
    method: 'post',
    path: '/payments/connect/create-account',
    summary: 'Create (or return) the caller’s Stripe Express account',
    auth: 'user',
    response: CreateAccountResponse,
  },
  {
    method: 'post',
    path: '/payments/connect/onboarding-link',
    summary: 'Hosted onboarding url for the caller’s account (returns to the onboarding-complete route)',
    auth: 'user',
    body: OnboardingLinkBody,
    response: OnboardingLinkResponse,
  },
  {
    method: 'get',
    path: '/payments/config',
    summary: 'Whether the Stripe sandbox is active, and the publishable key for Stripe.js',
    auth: 'public',
    response: PaymentsConfigResponse,
  },
  {
    method: 'post',
    path: '/payments/webhooks/stripe',
    summary: 'Stripe webhook endpoint (Stripe-Signature verified on the raw body; each event handled once)',
    auth: 'public',
    bodyType: 'raw',
    response: WebhookAck,
  },
];
