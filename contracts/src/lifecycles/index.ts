export * from './job';
export * from './application';
export * from './payment';
export * from './timesheet';
export * from './seat';
