// `npm run trace-tasks -- .tmp/lighthouse/home.trace.json [--cpu=N] [--min=50/N] [--functions=3]`: the page's
// main-thread tasks after its first contentful paint, in a trace written by
// `npm run lighthouse -- --trace`, each with what it spent its time on (script evaluation,
// compilation, style, layout...) and, from the V8 sampling profiler that --trace records, the
// functions that ran longest in it. Lighthouse's mobile simulation counts a task N times, less 50 ms,
// as blocking time, N being the CPU multiplier of the run (read from its report beside the trace;
// --cpu=N otherwise, 4 without either): at 4x every task longer than 12.5 ms counts (docs/decisions/0166, 0169).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** What each kind of work is called in the trace. */
const KINDS = {
  ParseHTML: 'parse HTML',
  EvaluateScript: 'script',
  'v8.evaluateModule': 'evaluate modules',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile modules',
  FunctionCall: 'script',
  RunMicrotasks: 'microtasks',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  Paint: 'paint',
  PrePaint: 'pre-paint',
  MinorGC: 'GC',
  MajorGC: 'GC',
  ParseAuthorStyleSheet: 'parse CSS',
};

/** The sampling profiler's samples on one thread, as [time in µs, "function file:line"] pairs. */
function profilerSamples(events, onMainThread) {
  const profile = events.find((event) => event.name === 'Profile' && onMainThread(event));
  if (!profile) return [];
  const samples = [];
  const frames = new Map();
  let time = profile.args.data.startTime;
  for (const chunk of events.filter((event) => event.name === 'ProfileChunk' && event.pid === profile.pid && event.id === profile.id)) {
    const data = chunk.args.data;
    for (const node of data.cpuProfile?.nodes ?? []) frames.set(node.id, node.callFrame);
    (data.cpuProfile?.samples ?? []).forEach((id, index) => {
      time += data.timeDeltas[index];
      const frame = frames.get(id);
      if (!frame || frame.functionName === '(idle)') return;
      const name = frame.functionName || '(anonymous)';
      samples.push([time, frame.url ? `${name} ${path.basename(frame.url)}:${frame.lineNumber + 1}` : name]);
    });
  }
  return samples;
}

/**
 * The tasks of at least `minMs` on the main thread of the page's renderer after its first
 * contentful paint: each one's start (ms from the navigation), length, own time by kind of work
 * (an event's time less the events inside it, under the nearest kind that names it), and its
 * busiest sampled functions with their share of its samples.
 */
export function longTasksAfterPaint(events, { minMs = 12.5, functionCount = 3 } = {}) {
  // The page's renderer: the thread that started the navigation to an http(s) address.
  const navigation = events.find((event) => event.name === 'navigationStart' && /^https?:/.test(event.args?.data?.documentLoaderURL ?? ''));
  if (!navigation) throw new Error('no navigation to an http(s) address in this trace');
  const onMainThread = (event) => event.pid === navigation.pid && event.tid === navigation.tid;
  const paint = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === navigation.pid);
  const start = paint?.ts ?? navigation.ts;
  const mainEvents = events.filter((event) => onMainThread(event) && event.ph === 'X').sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const samples = profilerSamples(events, onMainThread);

  const tasks = mainEvents.filter((event) => event.name === 'RunTask' && event.ts >= start && event.dur / 1000 >= minMs);
  return {
    profiled: samples.length > 0,
    tasks: tasks.map((task) => {
      const end = task.ts + task.dur;
      const spent = new Map();
      const stack = [];
      for (const event of mainEvents) {
        if (event === task || event.ts < task.ts || event.ts + event.dur > end) continue;
        while (stack.length > 0 && stack.at(-1).end <= event.ts) stack.pop();
        const parentKind = stack.at(-1)?.kind;
        const kind = KINDS[event.name] ?? parentKind;
        if (parentKind) spent.set(parentKind, spent.get(parentKind) - event.dur);
        if (kind) spent.set(kind, (spent.get(kind) ?? 0) + event.dur);
        stack.push({ end: event.ts + event.dur, kind });
      }
      const byFunction = new Map();
      for (const [time, name] of samples) if (time >= task.ts && time < end) byFunction.set(name, (byFunction.get(name) ?? 0) + 1);
      const sampled = [...byFunction.values()].reduce((sum, count) => sum + count, 0);
      return {
        atMs: (task.ts - navigation.ts) / 1000,
        durationMs: task.dur / 1000,
        kinds: [...spent]
          .filter(([, us]) => us >= 500)
          .sort((a, b) => b[1] - a[1])
          .map(([kind, us]) => ({ kind, ms: us / 1000 })),
        functions: [...byFunction]
          .sort((a, b) => b[1] - a[1])
          .slice(0, functionCount)
          .map(([name, count]) => ({ name, percent: Math.round((100 * count) / sampled) })),
      };
    }),
  };
}

/** The blocking time Lighthouse's mobile simulation gives these tasks: `cpu` times each (4 by default), less 50 ms. */
export function simulatedBlockingMs(tasks, cpu = 4) {
  return tasks.reduce((sum, task) => sum + Math.max(0, task.durationMs * cpu - 50), 0);
}

/** The CPU multiplier of the Lighthouse run that wrote this trace, from its report beside it, if there is one. */
function recordedMultiplier(tracePath) {
  const reportPath = tracePath.replace(/\.trace\.json$/, '.report.json');
  if (reportPath === tracePath || !existsSync(reportPath)) return undefined;
  try {
    return JSON.parse(readFileSync(reportPath, 'utf8')).configSettings?.throttling?.cpuSlowdownMultiplier;
  } catch {
    return undefined;
  }
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { min: { type: 'string' }, functions: { type: 'string', default: '3' }, cpu: { type: 'string' } },
  });
  if (positionals.length !== 1) {
    console.error('Usage: npm run trace-tasks -- <file.trace.json> [--cpu=N] [--min=50/N] [--functions=3]');
    process.exit(2);
  }
  // The multiplier the trace was recorded with: --cpu, or its run's report beside it (`npm run lighthouse`
  // writes home.trace.json and home.report.json), or the preset's 4. A task counts from 50 ms / N.
  const cpu = Number(values.cpu ?? recordedMultiplier(positionals[0]) ?? 4);
  const minMs = values.min === undefined ? 50 / cpu : Number(values.min);
  const functionCount = Number(values.functions);
  if (!(cpu >= 1) || !(minMs >= 0) || !Number.isInteger(functionCount) || functionCount < 0) {
    console.error('--cpu takes a multiplier of 1 or more (4), --min milliseconds (12.5) and --functions a whole number (3)');
    process.exit(2);
  }
  let events;
  try {
    const raw = JSON.parse(readFileSync(positionals[0], 'utf8'));
    events = Array.isArray(raw) ? raw : raw?.traceEvents;
    if (!Array.isArray(events)) throw new Error('it holds no trace events');
  } catch (error) {
    console.error(`${positionals[0]} is not a trace that can be read (${error.message}); write one with \`npm run lighthouse -- --trace\``);
    process.exit(1);
  }
  let result;
  try {
    result = longTasksAfterPaint(events, { minMs, functionCount });
  } catch (error) {
    console.error(`${positionals[0]}: ${error.message}`);
    process.exit(1);
  }
  const { profiled, tasks } = result;
  console.log(`${tasks.length} tasks of ${Math.round(minMs * 10) / 10} ms or more after the first contentful paint (ms from the navigation, duration):`);
  for (const task of tasks) {
    const kinds = task.kinds.slice(0, 4).map(({ kind, ms }) => `${kind} ${ms.toFixed(1)}`);
    console.log(`${task.atMs.toFixed(0).padStart(6)} ${task.durationMs.toFixed(1).padStart(6)}  ${kinds.join(', ')}`);
    for (const { name, percent } of task.functions) console.log(`${' '.repeat(16)}${String(percent).padStart(3)} % ${name}`);
  }
  console.log(
    `Their blocking time as Lighthouse's mobile simulation would count them (${cpu} × duration - 50 ms each): about ${Math.round(simulatedBlockingMs(tasks, cpu))} ms`,
  );
  if (!profiled) console.log('(no profiler samples in this trace: record it with `npm run lighthouse -- --trace`)');
}

if (import.meta.main) main();
