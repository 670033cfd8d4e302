/**
 * Prometheus metrics in the text exposition format, kept by hand: three families do not justify a
 * client library. Route labels are route patterns (`/v1/filings/:accessionNumber`), never raw paths,
 * so a client cannot blow up the label set. Each server thread keeps its own; a scrape adds theirs up
 * (thread-report.ts), so the counts are the process's.
 */
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

type Histogram = { counts: number[]; sum: number; count: number }

/** A family read at scrape time: a gauge, or a counter kept elsewhere (per thread, say). */
export type Gauge = {
  name: string
  help: string
  type?: 'gauge' | 'counter'
  values: { labels?: Record<string, string>; value: number }[]
}

/** What a Metrics holds, as plain data: it crosses threads (structured clone) to be added to others'. */
export type MetricsState = {
  requests: { labels: Record<string, string>; count: number }[]
  latency: { route: string; counts: number[]; sum: number; count: number }[]
}

/** A request counter's key: one counter per method, route pattern and status. */
const requestKey = (method: string, route: string, status: string | number) => `${method} ${route} ${status}`

const labelText = (labels: Record<string, string>) =>
  `{${Object.entries(labels)
    .map(([k, v]) => `${k}="${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`)
    .join(',')}}`

export class Metrics {
  private readonly requests = new Map<string, { labels: Record<string, string>; count: number }>()
  private readonly latency = new Map<string, Histogram>()

  observe(method: string, route: string, status: number, seconds: number) {
    const key = requestKey(method, route, status)
    const entry = this.requests.get(key) ?? { labels: { method, route, status: String(status) }, count: 0 }
    entry.count++
    this.requests.set(key, entry)
    const h = this.latency.get(route) ?? { counts: BUCKETS.map(() => 0), sum: 0, count: 0 }
    BUCKETS.forEach((b, i) => {
      if (seconds <= b) h.counts[i]!++
    })
    h.sum += seconds
    h.count++
    this.latency.set(route, h)
  }

  state(): MetricsState {
    return {
      requests: [...this.requests.values()].map((r) => ({ labels: r.labels, count: r.count })),
      latency: [...this.latency].map(([route, h]) => ({ route, counts: [...h.counts], sum: h.sum, count: h.count })),
    }
  }

  /** One Metrics holding the sum of `states` (every thread's). */
  static sum(states: MetricsState[]): Metrics {
    const total = new Metrics()
    for (const state of states) {
      for (const { labels, count } of state.requests) {
        const key = requestKey(labels.method!, labels.route!, labels.status!)
        const entry = total.requests.get(key) ?? { labels, count: 0 }
        entry.count += count
        total.requests.set(key, entry)
      }
      for (const { route, counts, sum, count } of state.latency) {
        const h = total.latency.get(route) ?? { counts: BUCKETS.map(() => 0), sum: 0, count: 0 }
        counts.forEach((n, i) => {
          h.counts[i]! += n
        })
        h.sum += sum
        h.count += count
        total.latency.set(route, h)
      }
    }
    return total
  }

  /** The exposition text; `gauges` are read at scrape time (pool use, snapshot, memory). */
  render(gauges: Gauge[] = []): string {
    const out: string[] = []
    out.push('# HELP secds_http_requests_total HTTP requests by method, route pattern and status.')
    out.push('# TYPE secds_http_requests_total counter')
    for (const { labels, count } of this.requests.values())
      out.push(`secds_http_requests_total${labelText(labels)} ${count}`)
    out.push(
      '# HELP secds_http_request_duration_seconds Time from receiving a request to its response, by route pattern.',
    )
    out.push('# TYPE secds_http_request_duration_seconds histogram')
    for (const [route, h] of this.latency) {
      for (const [i, b] of BUCKETS.entries())
        out.push(`secds_http_request_duration_seconds_bucket${labelText({ route, le: String(b) })} ${h.counts[i]}`)
      out.push(`secds_http_request_duration_seconds_bucket${labelText({ route, le: '+Inf' })} ${h.count}`)
      out.push(`secds_http_request_duration_seconds_sum${labelText({ route })} ${h.sum}`)
      out.push(`secds_http_request_duration_seconds_count${labelText({ route })} ${h.count}`)
    }
    for (const g of gauges) {
      out.push(`# HELP ${g.name} ${g.help}`)
      out.push(`# TYPE ${g.name} ${g.type ?? 'gauge'}`)
      for (const v of g.values) out.push(`${g.name}${v.labels ? labelText(v.labels) : ''} ${v.value}`)
    }
    return `${out.join('\n')}\n`
  }
}
