// Issue 39: a chef's or a restaurant's record of marks, and their appeals (the /record page).
export { appealsApi, type Mark, type MarksResponse } from './appealsApi';
