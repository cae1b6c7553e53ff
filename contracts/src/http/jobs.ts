export * from './jobs-entities';
export * from './jobs-requests';
export * from './jobs-responses';
