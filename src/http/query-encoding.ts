/**
 * A query value whose percent-encoding is not valid UTF-8 (`q=%E0%A4%A`) is a 400 naming the parameter.
 * Elysia's query parser keeps such a value as the raw text, so without this check the operation would
 * search for the literal "%E0%A4%A" and answer 200, while the same text in a path is already a 400.
 */
import { Elysia } from 'elysia'
import { ApiError } from './errors.ts'

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '))
  } catch {
    return undefined
  }
}

/** The first parameter of a query string whose name or value is not valid percent-encoded UTF-8. */
export function badlyEncodedParameter(search: string): string | undefined {
  for (const pair of search.split('&')) {
    if (!pair.includes('%')) continue
    const eq = pair.indexOf('=')
    const name = eq < 0 ? pair : pair.slice(0, eq)
    const decodedName = decoded(name)
    if (decodedName === undefined) return name
    if (eq >= 0 && decoded(pair.slice(eq + 1)) === undefined) return decodedName
  }
  return undefined
}

export const queryEncoding = new Elysia({ name: 'query-encoding' }).onTransform({ as: 'global' }, ({ request }) => {
  const url = request.url
  const start = url.indexOf('?')
  if (start < 0 || !url.includes('%', start)) return
  const name = badlyEncodedParameter(url.slice(start + 1).replace(/#.*$/s, ''))
  if (name !== undefined) {
    throw new ApiError('invalid_parameter', `Invalid value for ${name}: not valid percent-encoded UTF-8.`, {
      [name]: 'is not valid percent-encoded UTF-8',
    })
  }
})
