import type { payHttp } from '@brigade/contracts';
import { api } from '../../shared/api';

// Issue 38's statements, read from the payments ledger: a chef's tax year and a restaurant's ISO week. Shapes
// come from the contracts (z.infer), never re-declared here.
export type TaxYear = payHttp.TaxYearResponse;
export type Statement = payHttp.StatementResponse;
export type StatementLine = payHttp.StatementLine;

/** Which statement a CSV is of: a chef's year or a restaurant's week (absent: the last complete week). */
export type StatementFile = { report: 'tax-year'; year: number } | { report: 'week'; week?: string };

/** The file name a Content-Disposition header gives (`attachment; filename="x.csv"`), else `fallback`. */
function attachmentName(header: string | null | undefined, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(header ?? '');
  return match?.[1] ?? fallback;
}

export const statementsApi = api.injectEndpoints({
  endpoints: (build) => ({
    taxYear: build.query<TaxYear, number>({
      query: (year) => ({ url: '/payments/earnings/tax-year', params: { year: String(year) } }),
      providesTags: ['JobPayment'],
    }),
    statement: build.query<Statement, string | undefined>({
      query: (week) => ({ url: '/payments/statements', params: week ? { week } : {} }),
      providesTags: ['JobPayment'],
    }),
    /** The server's CSV of a statement (a mutation: fetched fresh each time). */
    statementCsv: build.mutation<{ text: string; filename: string }, StatementFile>({
      query: (file) => ({
        url: file.report === 'tax-year' ? '/payments/earnings/tax-year' : '/payments/statements',
        method: 'GET',
        params:
          file.report === 'tax-year'
            ? { year: String(file.year), format: 'csv' }
            : { ...(file.week ? { week: file.week } : {}), format: 'csv' },
        responseHandler: 'text',
      }),
      transformResponse: (text: string, meta) => ({
        text,
        // the base query passes fetchBaseQuery's meta on (its typing does not say so)
        filename: attachmentName(
          (meta as { response?: Response } | undefined)?.response?.headers.get('content-disposition'),
          'brigade-statement.csv',
        ),
      }),
    }),
  }),
});
