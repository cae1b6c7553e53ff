// The landing feature's face: what other features use of it (they import nothing else of it).
export { PublicFooter, PublicHeader } from './PublicHeader';
