// Load under autocannon, the same way for every bench: each call alone on its own runs, several runs
// per call, the run with the median p95 kept (on 2 shared cores one run's p95 moves by a third from
// one minute to the next; every run's p95 is kept in the results).
import autocannon from 'autocannon';

/** autocannon gives p90 and p97.5; p95 is interpolated between them (an upper bound at worst p97.5). */
export function percentile(result, p) {
  const { p90, p97_5 } = result.latency;
  return Math.round((p90 + ((p97_5 - p90) * (p - 90)) / 7.5) * 100) / 100;
}

/** `connections` users for `duration` seconds on `paths` (GET, with the session cookie). */
export function cannon(url, paths, cookie, { connections, duration }) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration,
        headers: { cookie },
        requests: paths.map((p) => ({ method: 'GET', path: p })),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/**
 * One run's figures. A run in which no request was answered has no latencies (autocannon says 0):
 * its figures are the run's length, a lower bound, marked `unanswered`, so it never reads as fast.
 */
export const figuresOf = (r) => {
  const errors = r.errors + r.non2xx + r.timeouts;
  if (r.requests.total === 0) {
    const ms = Math.round(r.duration * 1000);
    return { requests: 0, rps: 0, p50: ms, p95: ms, p99: ms, mean: ms, errors, unanswered: true };
  }
  return {
    requests: r.requests.total,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p95: r.latency.p97_5 !== undefined ? percentile(r, 95) : r.latency.p99,
    p99: r.latency.p99,
    mean: r.latency.mean,
    errors,
  };
};

/** The run with the median p95, the errors of all runs and every run's p95. */
export function medianRun(runs) {
  const median = [...runs].sort((a, b) => a.p95 - b.p95)[Math.floor(runs.length / 2)];
  return { ...median, errors: runs.reduce((sum, r) => sum + r.errors, 0), p95Runs: runs.map((r) => r.p95) };
}

export const describeRun = (name, out) =>
  `${name.padEnd(22)} p50 ${out.p50} ms  p95 ${out.p95} ms (runs ${out.p95Runs.join(' / ')})  p99 ${out.p99} ms  ${out.rps} req/s  errors ${out.errors}` +
  (out.cpu ? `  CPU/req server ${out.cpu.server} ms, database ${out.cpu.database} ms` : '');

/**
 * One run's figures (`run` resolves with autocannon's result); with `cpu` (a cpuMeter of
 * bench/lib/cpu.mjs), also its CPU ms per request, server and database.
 */
export async function measuredRun(cpu, run) {
  const stop = cpu ? await cpu() : undefined;
  const figures = figuresOf(await run());
  return stop ? { ...figures, cpu: stop(figures.requests) } : figures;
}

/**
 * measure(url, cookie, calls) and warmUp(url, cookie, calls) with one bench's settings. With `cpu` (a
 * cpuMeter of bench/lib/cpu.mjs) each run carries its CPU ms per request, server and database.
 */
export function loadOf({ connections, duration, runs, log, cpu }) {
  async function measure(url, cookie, calls) {
    const out = {};
    for (const [name, path] of Object.entries(calls)) {
      const results = [];
      for (let i = 0; i < runs; i++) {
        results.push({ path, ...(await measuredRun(cpu, () => cannon(url, [path], cookie, { connections, duration }))) });
      }
      out[name] = medianRun(results);
      log(describeRun(name, out[name]));
    }
    return out;
  }
  /** Every call for a few seconds first, so V8 has compiled the hot paths and the pool is full. */
  async function warmUp(url, cookie, calls) {
    for (const path of Object.values(calls)) await cannon(url, [path], cookie, { connections, duration: 2 });
  }
  return { measure, warmUp };
}

/** The value at quantile `q` (0–1) of numbers sorted ascending. */
export const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];

/**
 * One run of `connections` users on `path` for `duration` seconds, every response's own latency kept
 * (to the microsecond: autocannon's summary rounds to whole milliseconds, a step of a tenth of a 10 ms p95).
 */
export async function timedRun(url, path, cookie, { connections, duration }) {
  const times = [];
  let errors = 0;
  const instance = autocannon({ url, connections, duration, headers: { cookie }, requests: [{ method: 'GET', path }] });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status !== 200) errors += 1;
    times.push(ms);
  });
  const result = await instance;
  errors += result.errors + result.timeouts;
  return { times: times.sort((a, b) => a - b), errors };
}
