// The calendar feature's face: what other features use of it (they import nothing else of it).
export { AddToCalendar } from './AddToCalendar';
export { CalendarFeedSection } from './CalendarFeedSection';
