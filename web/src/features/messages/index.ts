// The messages feature's face: what other features use of it (they import nothing else of it).
export { messagesApi } from './messagesApi';
