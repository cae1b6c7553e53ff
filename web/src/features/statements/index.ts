// The statements feature's face (issue 38): a chef's tax year and a restaurant's weekly statement.
export { statementsApi } from './statementsApi';
export type { Statement, StatementLine, TaxYear } from './statementsApi';
