/**
 * X-Request-Id in and out: a caller's own id is kept when it is a sane token (so a proxy's id follows
 * the request through our log); otherwise we make one. Every response carries it, errors included.
 */
import { Elysia } from 'elysia'
import { stateOf } from './request-state.ts'

const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/

export const requestId = new Elysia({ name: 'request-id' }).onRequest(({ request, set }) => {
  const state = stateOf(request)
  const incoming = request.headers.get('x-request-id')
  if (incoming && SANE_ID.test(incoming)) state.id = incoming
  set.headers['x-request-id'] = state.id
})
