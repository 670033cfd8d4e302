/**
 * Form types: every form that occurs, with its category and description (one TypeScript rule,
 * src/reference/form-types.ts), how many filings and the latest date.
 */
import { describeFormType } from '../../../reference/form-types.ts'
import { appendTable } from '../../append.ts'
import type { BuildDb } from '../../duck.ts'

/** `form_info(form_type, category, description)` for every form that occurs, by the one TypeScript rule. */
export async function createFormInfo(db: BuildDb) {
  const forms = await db.all<{ form_type: string }>(`SELECT DISTINCT form_type FROM filings_union`)
  const rows = forms.map(({ form_type }) => {
    const info = describeFormType(form_type)
    return [form_type, info.category, info.description]
  })
  await appendTable(db, 'form_info', { form_type: 'VARCHAR', category: 'VARCHAR', description: 'VARCHAR' }, rows)
}

/** Active form types: those with at least one filing, with how many and the latest date. */
export async function buildFormTypes(db: BuildDb) {
  await db.run(`CREATE TABLE t_form_types AS
    SELECT f.form_type, fi.category, fi.description, count(*)::INTEGER AS filing_count,
      max(f.filing_date) AS latest_filing_date
    FROM t_filings f JOIN form_info fi USING (form_type)
    GROUP BY ALL`)
  return db.count('SELECT count(*) AS n FROM t_form_types')
}
