// The jobs feature's face: what other features use of it (they import nothing else of it).
export {
  BoostedTag,
  InstantBookTag,
  PositionTitle,
  RestaurantPlace,
  SeatsCount,
  milesText,
  shiftWhen,
} from './JobLabels';
export {
  type Application,
  type ApplicationOfJob,
  type ApplicationResponse,
  type ChefReliability,
  type JobPosting,
  type RestaurantReliability,
  jobsApi,
} from './jobsApi';
export { useNow } from './policy';
export { ReconfirmAction } from './Reconfirm';
export { awaitingPayment, holdsShift, isFinal, restaurantCanDecide, started, stateOf } from './shiftState';
export { MAX_BREAK_MINUTES, toLocalInput } from './validation';
