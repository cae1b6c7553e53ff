// Client timing and display limits of the shift, money and messages screens (spec section 9). Kept apart from
// constants.ts so the landing chunk does not carry them.
/** After a successful payment the page says so, then moves on (spec section 9; a checkout's receipt stays). */
export const PAYMENT_REDIRECT_MS = 3_000;
/** Payments hears of a new job through an event: creating its payment may 404 for a moment. */
export const ESCROW_RETRY_MS = 500;
export const ESCROW_RETRY_FOR_MS = 15_000;
/** After the card is confirmed the job opens once the escrow event lands: poll for it this long. */
export const PAYMENT_SETTLE_POLL_MS = 1_000;
export const PAYMENT_SETTLE_FOR_MS = 20_000;
/** Polling while a screen is open (paused while the tab is hidden). */
export const THREAD_POLL_MS = 3_000;
export const CONVERSATIONS_POLL_MS = 10_000;
export const LISTS_POLL_MS = 10_000;
/** The chef's offers on the dashboard: an offer lasts OFFER_EXPIRES_AFTER (2h), so a half-minute is soon enough. */
export const OFFERS_POLL_MS = 30_000;
/** The bell's unread count (issue 40): a 304 while nothing changed, so a half-minute costs little. */
export const INBOX_POLL_MS = 30_000;
/** Applications review shows three applicants, then a "more" control. */
export const APPLICANTS_SHOWN = 3;
export const BIO_PREVIEW_CHARS = 150;
export const SKILLS_PER_CARD = 3;
/** How often a screen re-reads a late payout or refund. */
export const SETTLEMENT_POLL_MS = 15_000;
/** How often a countdown (the checkout deadline) and the clock-derived buttons are re-read. */
export const COUNTDOWN_TICK_MS = 30_000;
