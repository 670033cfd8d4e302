/**
 * One GET with the API key and a time limit, that never throws: a request the server does not answer
 * (timeout, reset) comes back as status 0 with the reason as its body, so a check or the sweep records
 * it as a finding and goes on instead of ending the whole run.
 */
export async function get(url: string, key: string, timeoutMs = 30_000): Promise<{ status: number; body: string }> {
  try {
    const res = await fetch(url, { headers: { 'x-api-key': key }, signal: AbortSignal.timeout(timeoutMs) })
    return { status: res.status, body: await res.text() }
  } catch (e) {
    return {
      status: 0,
      body: `no answer within ${timeoutMs / 1000} s or connection failed: ${(e as Error).name}: ${(e as Error).message}`,
    }
  }
}
