// Preloaded (`node --import`) into a server the browser tests start for themselves
// (clock-server.ts): its clock runs `offset` ms away from the real one, moved by the test
// through the IPC channel ({ clockOffsetMs } answered by the same message once applied).
// Everything that reads the time (Date.now(), new Date(), PGlite's now(), which asks Date)
// follows it: the test moves time, never waits for it (decision 0137).
const RealDate = Date;
let offset = 0;

class MovableDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }

  static now() {
    return RealDate.now() + offset;
  }
}

globalThis.Date = MovableDate;

process.on('message', (message) => {
  if (!message || typeof message.clockOffsetMs !== 'number') return;
  offset = message.clockOffsetMs;
  process.send?.({ clockOffsetMs: offset });
});

// The test worker that started this server is gone (its hook timed out, or the run ended without
// closing it): the server ends too, rather than living on beside the next runs.
process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
