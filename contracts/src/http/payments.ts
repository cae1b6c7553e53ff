export * from './payments-entities';
export * from './payments-earnings';
export * from './payments-requests';
export * from './payments-routes';
