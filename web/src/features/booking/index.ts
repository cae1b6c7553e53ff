// Issue 37: "Book now" on instant-book shifts (the chef's job page) and boosts of an unfilled shift's pay (the
// owner's job page), with the quote shown before the card is charged.
export { bookingApi, type BoostQuote } from './bookingApi';
export { BookNow, MissingConditions } from './BookNow';
export { BoostPay, BoostPanel, canBoost } from './BoostPay';
