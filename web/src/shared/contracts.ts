// The product constants the screens use, from the contracts package (one source for server and browser).
export {
  CUISINES,
  SKILLS,
  SETTINGS_SKILLS,
  CITIES,
  CITY_NAMES,
  LIMITS,
  WEEKDAYS,
  TRAVEL_RADIUS_OPTIONS,
  DEFAULT_TRAVEL_RADIUS,
  DEFAULT_CHEF_AVAILABILITY,
  DEFAULT_RESTAURANT_HOURS,
  TERMS_VERSION,
  BOOKING_FEE_BPS,
  POSITIONS,
  BROWSE_FILTER_SKILLS,
  CHEF_SEARCH_RADIUS_OPTIONS,
  CHEF_SEARCH_PAGE_SIZE,
  DEFAULT_CHEF_SEARCH_RADIUS,
  EMERGENCY_LEVELS,
  MESSAGES,
  computeJobPay,
  // issue 35: a posting of several chefs from one seat's pay, and one seat's share of it
  postingOfSeats,
  seatShare,
  // the lifecycles (which buttons a screen shows) and the money rules' texts (issue 16)
  applicationState,
  canApplication,
  canJob,
  // issue 35: a seat's lifecycle (a posting of several chefs)
  canSeat,
  FINAL_JOB_STATUSES,
  HELD_PAYMENT_STATUSES,
  policyText,
  formatDuration,
  // issue 32: a chef's home ZIP (the service area's ZIP centres)
  zipIn,
  zipPlace,
  // the languages a chef may speak (issue 32)
  SPOKEN_LANGUAGE_CODES,
  MAX_SPOKEN_LANGUAGES,
  // what a shift's money did (issue 32): one outcome, one text per side, from the server's facts
  moneyText,
  moneyLabel,
  moneyOutcomeOf,
  checkoutAnswerText,
  // issue 32: whether a shift clashes with one the chef holds (SHIFT_GAP included in the booking's window)
  clashesWithBooked,
  // issue 33: a display name the servers would refuse (hidden characters, too few visible ones)
  nameProblem,
  // issue 34: how precise "I am at the restaurant now" must be to pin the restaurant
  PIN_ACCURACY_METERS,
  // issue 39: reviews (the tags of a restaurant's review of a chef, the limits of words, replies and reasons)
  REVIEW_TAGS,
  REVIEW_TEXT_MAX,
  REVIEW_REPLY_MAX,
  REVIEW_HIDE_REASON_MAX,
  // issue 41: the language cookie the gateway answers `/` by
  LANGUAGE_COOKIE,
} from '@brigade/contracts';
export type { ReviewTag } from '@brigade/contracts';
export type { Actor, ApplicationState, PolicyTextKey, SeatStatus } from '@brigade/contracts';
export type { MoneyFacts, MoneyOutcomeKind, MoneySide, CheckoutAnswerFacts } from '@brigade/contracts';
export type { JobPay } from '@brigade/contracts';
export type { CityName, Weekday } from '@brigade/contracts';
import { jobsHttp, type identityHttp } from '@brigade/contracts';
/** Issue 35: the chefs one posting may ask for (PostJobRequest.headcount). */
export const HEADCOUNT_MIN = jobsHttp.HEADCOUNT_MIN;
export const HEADCOUNT_MAX = jobsHttp.HEADCOUNT_MAX;
/** chef, restaurant or operator (issue 17: operators run the console at /ops). */
export type AccountType = identityHttp.AccountType;
