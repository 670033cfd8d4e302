/**
 * Filings area shapes (docs/api/filings.md); the Filing and its list, which the entities area shares,
 * are in src/areas/common/filing-schemas.ts. Wire names are camelCase.
 */
import { t } from 'elysia'
import { AccessionNumber, Cik, Nullable, Pagination } from '../../http/schemas.ts'

export const FilingDocument = t.Object(
  {
    documentType: Nullable(
      t.String({
        description: 'EDGAR document type, e.g. 10-K, EX-21.1, EX-101.LAB (null when the type cannot be told)',
      }),
    ),
    filename: t.String({ description: 'File name inside the filing folder' }),
    url: t.String({ format: 'uri', description: 'The document in the SEC archive' }),
    description: Nullable(t.String({ description: "The filer's description of the document" })),
  },
  { title: 'FilingDocument' },
)
export type FilingDocument = typeof FilingDocument.static

export const FormType = t.Object(
  {
    formName: t.String({ description: 'Form type, e.g. 10-K', examples: ['10-K'] }),
    category: t.String({ description: 'Category label, e.g. "Annual Reports"' }),
    description: Nullable(t.String({ description: 'What the form is' })),
  },
  { title: 'FormType' },
)
export const FormTypeList = t.Object({ data: t.Array(FormType), pagination: Pagination }, { title: 'FormTypeList' })

/** The router's name for this position is `cik` (src/http/routes.ts, routerParams); clients see accessionNumber. */
export const AccessionParams = t.Object({ cik: AccessionNumber })
export const CikAccessionParams = t.Object({ cik: Cik, accessionNumber: AccessionNumber })
