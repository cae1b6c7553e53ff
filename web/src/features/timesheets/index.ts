// The timesheets feature's face: what other features use of it (they import nothing else of it).
export { ChefWorkday } from './ChefWorkday';
export { RestaurantWorkday } from './RestaurantWorkday';
export { lastEvent, minutesText } from './clock';
export { type Timesheet, useClockedTimesheet } from './timesheetsApi';
