/**
 * A POST of JSON's headers besides the key: what an MCP client accepts (the streamable HTTP transport
 * refuses a POST that does not say both). paths.lua sends the same.
 */
export const POST_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }

/** A line of a paths file as a request: a path to GET, or `POST <path> <JSON body>` (src/areas/bench.ts postLine). */
export function requestOf(line: string): { path: string; post?: string } {
  const m = /^POST (\S+) (.+)$/.exec(line)
  return m ? { path: m[1]!, post: m[2]! } : { path: line }
}

/**
 * One GET (or a POST of JSON) with the API key and a time limit, that never throws: a request the server does not answer
 * (timeout, reset) comes back as status 0 with the reason as its body, so a check or the sweep records
 * it as a finding and goes on instead of ending the whole run.
 */
export async function get(
  url: string,
  key: string,
  timeoutMs = 30_000,
  post?: string,
): Promise<{ status: number; body: string }> {
  try {
    const headers = { 'x-api-key': key, ...(post && POST_HEADERS) }
    const res = await fetch(url, {
      method: post ? 'POST' : 'GET',
      headers,
      body: post,
      signal: AbortSignal.timeout(timeoutMs),
    })
    return { status: res.status, body: await res.text() }
  } catch (e) {
    return {
      status: 0,
      body: `no answer within ${timeoutMs / 1000} s or connection failed: ${(e as Error).name}: ${(e as Error).message}`,
    }
  }
}

/** One line of a paths file sent to the server at `base`, as paths.lua sends it (requestOf). */
export function sendLine(base: string, line: string, key: string) {
  const { path, post } = requestOf(line)
  return get(`${base}${path}`, key, undefined, post)
}
