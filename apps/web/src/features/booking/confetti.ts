/**
 * A small canvas confetti burst (no library): pieces fall for `durationMs`, then the canvas is
 * removed. Nothing runs when the visitor asks for reduced motion. Returns a stop function.
 */
const COLORS = ['#d4a94f', '#e2c07a', '#f7f3ea', '#2a4268', '#1a7f4b', '#c0504d'];

interface Piece {
  x: number;
  y: number;
  size: number;
  color: string;
  speedY: number;
  speedX: number;
  angle: number;
  spin: number;
  wobble: number;
}

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function launchConfetti(durationMs = 10_000): () => void {
  if (prefersReducedMotion()) return () => {};
  const canvas = document.createElement('canvas');
  canvas.className = 'confetti-canvas';
  canvas.setAttribute('aria-hidden', 'true');
  document.body.append(canvas);
  const context = canvas.getContext('2d');
  if (!context) {
    canvas.remove();
    return () => {};
  }

  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  const resize = () => {
    canvas.width = window.innerWidth * ratio;
    canvas.height = window.innerHeight * ratio;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
  };
  resize();
  window.addEventListener('resize', resize);

  const count = Math.min(160, Math.round(window.innerWidth / 8));
  const spawn = (initial: boolean): Piece => ({
    x: Math.random() * window.innerWidth,
    y: initial ? -Math.random() * window.innerHeight : -20,
    size: 6 + Math.random() * 7,
    color: COLORS[Math.floor(Math.random() * COLORS.length)] ?? '#d4a94f',
    speedY: 1.5 + Math.random() * 2.5,
    speedX: -1 + Math.random() * 2,
    angle: Math.random() * Math.PI,
    spin: -0.1 + Math.random() * 0.2,
    wobble: Math.random() * 10,
  });
  const pieces = Array.from({ length: count }, () => spawn(true));
  const started = performance.now();
  let frame = 0;
  let stopped = false;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    cancelAnimationFrame(frame);
    window.removeEventListener('resize', resize);
    canvas.remove();
  };

  const draw = (now: number) => {
    const elapsed = now - started;
    const ending = elapsed > durationMs - 1500;
    context.clearRect(0, 0, window.innerWidth, window.innerHeight);
    let visible = 0;
    for (const piece of pieces) {
      piece.y += piece.speedY;
      piece.wobble += 0.05;
      piece.x += piece.speedX + Math.sin(piece.wobble) * 0.6;
      piece.angle += piece.spin;
      if (piece.y > window.innerHeight + 20) {
        if (ending) continue;
        Object.assign(piece, spawn(false));
      }
      visible += 1;
      context.save();
      context.translate(piece.x, piece.y);
      context.rotate(piece.angle);
      context.fillStyle = piece.color;
      context.fillRect(-piece.size / 2, -piece.size / 4, piece.size, piece.size / 2);
      context.restore();
    }
    if (elapsed >= durationMs || (ending && visible === 0)) stop();
    else frame = requestAnimationFrame(draw);
  };
  frame = requestAnimationFrame(draw);
  window.setTimeout(stop, durationMs + 500);
  return stop;
}
