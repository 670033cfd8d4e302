/**
 * What the cross-cutting hooks learn about a request (its id, start time, the key's name), kept per
 * Request object so that request-id, auth, logging and metrics share it without widening the context
 * type of every route.
 */
export type RequestState = {
  id: string
  startedAt: number
  /** The API key's record once auth accepted it (never the key itself). */
  key?: { id: string; name: string; plan: string; features: string[] }
}

const states = new WeakMap<Request, RequestState>()

export function stateOf(request: Request): RequestState {
  let state = states.get(request)
  if (!state) {
    state = { id: crypto.randomUUID(), startedAt: performance.now() }
    states.set(request, state)
  }
  return state
}
