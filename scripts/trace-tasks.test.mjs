import { describe, expect, it } from 'vitest';
import { longTasksAfterPaint, simulatedBlockingMs } from './trace-tasks.mjs';

// A renderer (pid 1, main thread 1) navigating to the page, painting at 100 ms, then three tasks;
// another process (pid 2) runs a long task of its own that is not the page's.
const at = (ms) => 1_000_000 + ms * 1000;
const span = (name, startMs, durationMs, extra = {}) => ({ name, ph: 'X', pid: 1, tid: 1, ts: at(startMs), dur: durationMs * 1000, ...extra });
const events = [
  { name: 'navigationStart', ph: 'R', pid: 1, tid: 1, ts: at(0), args: { data: { documentLoaderURL: 'http://127.0.0.1:3125/' } } },
  { name: 'firstContentfulPaint', ph: 'R', pid: 1, tid: 1, ts: at(100) },
  // Before the paint: not counted, however long.
  span('RunTask', 20, 60),
  // 40 ms: a module evaluation (30 ms, of which 10 ms of garbage collection) and a layout (6 ms).
  span('RunTask', 200, 40),
  span('v8.evaluateModule', 201, 30),
  span('MinorGC', 210, 10),
  span('Layout', 232, 6),
  // 10 ms: under the 12.5 ms that Lighthouse's four-times simulation turns into blocking time.
  span('RunTask', 300, 10),
  // 20 ms of compiling.
  span('RunTask', 400, 20),
  span('v8.compileModule', 400, 20),
  { ...span('RunTask', 200, 500), pid: 2, tid: 2 },
  // The profiler: two samples in the 40 ms task (render twice, then commit), one in the 20 ms task.
  { name: 'Profile', ph: 'P', pid: 1, tid: 1, id: '0x1', args: { data: { startTime: at(205) } } },
  {
    name: 'ProfileChunk',
    ph: 'P',
    pid: 1,
    tid: 1,
    id: '0x1',
    args: {
      data: {
        cpuProfile: {
          nodes: [
            { id: 1, callFrame: { functionName: 'render', url: 'http://127.0.0.1:3125/assets/react-abc.js', lineNumber: 7 } },
            { id: 2, callFrame: { functionName: 'commit', url: 'http://127.0.0.1:3125/assets/react-abc.js', lineNumber: 9 } },
            { id: 3, callFrame: { functionName: '(program)', url: '' } },
          ],
          samples: [1, 1, 2, 3],
        },
        timeDeltas: [0, 1000, 1000, 197_000],
      },
    },
  },
];

describe('trace-tasks', () => {
  it('lists the page’s tasks over the threshold after its first paint, with their own time by kind and their busiest functions', () => {
    const { profiled, tasks } = longTasksAfterPaint(events);
    expect(profiled).toBe(true);
    expect(tasks).toEqual([
      {
        atMs: 200,
        durationMs: 40,
        kinds: [
          { kind: 'evaluate modules', ms: 20 },
          { kind: 'GC', ms: 10 },
          { kind: 'layout', ms: 6 },
        ],
        functions: [
          { name: 'render react-abc.js:8', percent: 67 },
          { name: 'commit react-abc.js:10', percent: 33 },
        ],
      },
      { atMs: 400, durationMs: 20, kinds: [{ kind: 'compile modules', ms: 20 }], functions: [{ name: '(program)', percent: 100 }] },
    ]);
    // 4 × 40 - 50 and 4 × 20 - 50.
    expect(simulatedBlockingMs(tasks)).toBe(140);
    // At a machine's calibrated multiplier (npm run lighthouse -- --cpu=10): 10 × 40 - 50 and 10 × 20 - 50.
    expect(simulatedBlockingMs(tasks, 10)).toBe(500);
  });

  it('takes a lower threshold, and says when the trace has no profiler samples', () => {
    const withoutProfile = events.filter((event) => !event.name.startsWith('Profile'));
    const { profiled, tasks } = longTasksAfterPaint(withoutProfile, { minMs: 5 });
    expect(profiled).toBe(false);
    expect(tasks.map((task) => [task.atMs, task.durationMs, task.functions])).toEqual([
      [200, 40, []],
      [300, 10, []],
      [400, 20, []],
    ]);
  });

  it('refuses a trace without a navigation to a web address', () => {
    expect(() => longTasksAfterPaint(events.slice(1))).toThrow('no navigation to an http(s) address in this trace');
  });
});
