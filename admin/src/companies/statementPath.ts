// Where a company's statement of account opens: its page in „Търговци“, scrolled to the statement
// (CompanyStatement reads the hash). A module of its own, so the receivables' list links to it
// without loading the company's page.
export const STATEMENT_ANCHOR = 'statement';

export function statementPath(companyId: number | string): string {
  return `/admin/companies/${encodeURIComponent(String(companyId))}#${STATEMENT_ANCHOR}`;
}
