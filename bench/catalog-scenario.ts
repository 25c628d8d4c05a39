/**
 * One catalogue scenario measured (bench/catalog-bench.ts): the app's and the baseline's answers
 * compared, a warm-up of each, then alternating windows of load with the CPU time of the servers,
 * PostgreSQL and the load generator.
 */
import http from 'node:http';
import {
  type LoadResult,
  mergeResults,
  replyProblem,
  request,
  runLoad,
  type Target,
} from './load.js';
import type { BenchOptions } from './bench-options.js';
import { cpuBetween, cpuSnapshot, type Server } from './processes.js';
import { type ScenarioRun, type ServerRun, summarize } from './report.js';
import { interrupted, log } from './run-control.js';
import { appTarget, baselineTarget, compareAnswers, type Scenario } from './scenarios.js';

// Generous: at 100,000 products an unindexed facet count under 10 connections takes seconds.
const TIMEOUT_MS = 30_000;
const MAX_REQUESTS_PER_WINDOW = 1_000_000;

async function fetchOnce(target: Target): Promise<string> {
  const agent = new http.Agent({ keepAlive: false });
  try {
    const reply = await request(agent, target, TIMEOUT_MS);
    const problem = replyProblem(reply, target.expect);
    if (problem) throw new Error(problem);
    return reply.body.toString();
  } finally {
    agent.destroy();
  }
}

interface Measured {
  result: LoadResult;
  serverCpuMs: number | undefined;
  pgCpuMs: number | undefined;
  loadgenCpuMs: number;
}

async function measureWindow(
  server: Server,
  target: Target,
  postmasterPid: number | undefined,
  load: { concurrency: number; durationMs: number },
): Promise<Measured> {
  const serverBefore = cpuSnapshot(server.child.pid);
  const pgBefore = cpuSnapshot(postmasterPid);
  const ownBefore = process.cpuUsage();
  const result = await runLoad(target, {
    ...load,
    maxRequests: MAX_REQUESTS_PER_WINDOW,
    timeoutMs: TIMEOUT_MS,
    signal: interrupted.signal,
  });
  const own = process.cpuUsage(ownBefore);
  return {
    result,
    serverCpuMs: cpuBetween(serverBefore, cpuSnapshot(server.child.pid)),
    pgCpuMs: cpuBetween(pgBefore, cpuSnapshot(postmasterPid)),
    loadgenCpuMs: (own.user + own.system) / 1000,
  };
}

function combine(windows: Measured[]): ServerRun {
  const sum = (values: (number | undefined)[]) =>
    values.some((v) => v === undefined)
      ? undefined
      : values.reduce<number>((a, v) => a + (v ?? 0), 0);
  return {
    result: mergeResults(windows.map((w) => w.result)),
    serverCpuMs: sum(windows.map((w) => w.serverCpuMs)),
    pgCpuMs: sum(windows.map((w) => w.pgCpuMs)),
    loadgenCpuMs: windows.reduce((a, w) => a + w.loadgenCpuMs, 0),
  };
}

export async function runScenario(
  scenario: Scenario,
  app: Server,
  baseline: Server,
  postmasterPid: number | undefined,
  opts: BenchOptions,
): Promise<ScenarioRun> {
  const targets = {
    app: appTarget(app.port, scenario),
    baseline: baselineTarget(baseline.port, scenario),
  };
  const servers = { app, baseline };
  interrupted.signal.throwIfAborted();
  let mismatch: string | undefined;
  try {
    if (scenario.uncompared) {
      await fetchOnce(targets.app);
      await fetchOnce(targets.baseline);
      log(`${scenario.title}: respuestas sin comparar (${scenario.uncompared})`);
    } else
      mismatch = compareAnswers(
        await fetchOnce(targets.app),
        await fetchOnce(targets.baseline),
        scenario.shape,
      );
  } catch (error) {
    mismatch = `could not compare: ${(error as Error).message}`;
  }
  if (mismatch) log(`${scenario.title}: ¡las respuestas difieren! ${mismatch}`);

  const load = { concurrency: opts.concurrency };
  for (const side of ['app', 'baseline'] as const) {
    log(`${scenario.title}: calentamiento ${side} ${opts.warmup} s`);
    await runLoad(targets[side], {
      ...load,
      durationMs: opts.warmup * 1000,
      maxRequests: MAX_REQUESTS_PER_WINDOW,
      timeoutMs: TIMEOUT_MS,
      signal: interrupted.signal,
    });
    interrupted.signal.throwIfAborted();
  }
  const windows: Record<'app' | 'baseline', Measured[]> = { app: [], baseline: [] };
  const durationMs = (opts.seconds * 1000) / opts.rounds;
  for (let round = 0; round < opts.rounds; round += 1) {
    const order = round % 2 === 0 ? (['app', 'baseline'] as const) : (['baseline', 'app'] as const);
    for (const side of order) {
      const measured = await measureWindow(servers[side], targets[side], postmasterPid, {
        ...load,
        durationMs,
      });
      interrupted.signal.throwIfAborted();
      windows[side].push(measured);
      const s = summarize(combine([measured]));
      log(
        `${scenario.title}: ronda ${round + 1}/${opts.rounds} ${side}: ${s.requestsPerSecond.toFixed(1)} req/s, ` +
          `p95 ${s.p95.toFixed(1)} ms, ${measured.result.failures} fallos`,
      );
    }
  }
  return { scenario, app: combine(windows.app), baseline: combine(windows.baseline), mismatch };
}
