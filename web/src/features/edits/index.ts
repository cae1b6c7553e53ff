// Issue 35: edits of a posted shift with their cost (owner), the chef's answer to them, Book again, and weekly
// series (Post Shift's "Repeat weekly", My Shifts' grouping, the series page).
export { BookAgain } from './BookAgain';
export { EditAnswerCard } from './EditAnswer';
export { EditShift, canEditShift } from './EditShift';
export { editsApi, type CreateSeriesBody, type Series } from './editsApi';
export { PendingEditNotice } from './PendingEdit';
export { NO_REPEAT, RepeatWeeklyFields, SeriesCost, type RepeatChoice } from './RepeatWeekly';
export { useSeriesName } from './SeriesName';
export { groupBySeries, seriesShapeOfJobs, type ShiftGroup } from './seriesGroups';
export { todayDate } from './seriesPolicy';
