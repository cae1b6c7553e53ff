// The blocks feature's face (issue 37): what other features use of it (they import nothing else of it).
export { BlockButton } from './BlockButton';
export { BlockedList } from './BlockedList';
export { blocksApi, type Block, type BlockTarget } from './blocksApi';
