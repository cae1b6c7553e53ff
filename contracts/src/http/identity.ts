export * from './identity-entities';
export * from './identity-requests';
export * from './identity-routes';
