// The inbox feature's face: what other features use of it (they import nothing else of it).
export { Bell } from './Bell';
export { inboxApi } from './inboxApi';
export { forgetThisDevice } from './pushDevice';
export { PushControl } from './PushControl';
