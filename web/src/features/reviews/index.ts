// Issue 39: reviews both sides can read. A profile's published reviews (profiles, applicant cards) with the reply
// of the side reviewed, the tags of a restaurant's checkout, and the console's hiding.
export { ProfileReviews, ReviewItem, ReviewTags, Stars } from './ReviewList';
export { ReviewTagsField } from './ReviewTagsField';
export { reviewsApi, type OpsReview, type Review, type ReviewedKind } from './reviewsApi';
