// The card disputes feature's face (issue 38): what other features use of it.
export { CardDisputeNotice } from './CardDisputeNotice';
export { JobCardDisputeStatus } from './JobCardDisputeStatus';
export { cardDisputesApi } from './cardDisputesApi';
