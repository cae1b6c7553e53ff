// Direct offers (issue 35): the restaurant's "Offer a shift", the chef's offers, the job page's list.
export { JobOffers } from './JobOffers';
export { MyOffers, OfferCard } from './OfferCard';
export { OfferShift } from './OfferShift';
export { offersApi, type Offer } from './offersApi';
