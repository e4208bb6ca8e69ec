// Renders the public site's illustrations (vector scenes drawn here) to WebP at every width the
// pages ask for, plus the 1200×630 JPEG used for social previews. There are no photos to ship
// offline, so the artwork is code: `node scripts/render-images.ts` rewrites
// apps/web/public/images/ from apps/web/src/components/ui/site-images.ts.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SITE_IMAGES } from '../apps/web/src/components/marketing/marketing-images.ts';
import {
  HERO_IMAGES,
  OG_IMAGE,
  imageHeight,
  type SceneName,
  type SiteImage,
} from '../apps/web/src/components/ui/site-images.ts';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'apps/web/public/images');
const W = 1600;
const H = 900;

const C = {
  navy950: '#070f1c',
  navy900: '#0b1526',
  navy800: '#13223a',
  navy700: '#1c3050',
  navy600: '#2a4268',
  gold500: '#d4a94f',
  gold400: '#e2c07a',
  gold300: '#eed7a6',
  ivory: '#f7f3ea',
  terracotta: '#c8643b',
  ochre: '#e0a458',
  rose: '#e8b4a0',
  olive: '#5a6b3a',
  palm: '#2f4d34',
};

/** Deterministic noise so every run draws the same pictures. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

let gradientId = 0;
function linear(stops: [number, string][], vertical = true): { id: string; def: string } {
  const id = `g${(gradientId += 1)}`;
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
  const s = stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('');
  return { id, def: `<linearGradient id="${id}" ${dir}>${s}</linearGradient>` };
}

function radial(stops: [number, string, number?][]): { id: string; def: string } {
  const id = `g${(gradientId += 1)}`;
  const s = stops.map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`).join('');
  return { id, def: `<radialGradient id="${id}">${s}</radialGradient>` };
}

class Scene {
  defs: string[] = [];
  body: string[] = [];
  add(svg: string) {
    this.body.push(svg);
    return this;
  }
  grad(g: { id: string; def: string }) {
    this.defs.push(g.def);
    return `url(#${g.id})`;
  }
  svg(width: number, height: number, keep?: 'bottom'): string {
    const align = keep === 'bottom' ? 'xMidYMax' : 'xMidYMid';
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="${align} slice"><defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`;
  }
}

function sky(s: Scene, stops: [number, string][], height = H) {
  s.add(`<rect width="${W}" height="${height}" fill="${s.grad(linear(stops))}"/>`);
}

function sun(s: Scene, x: number, y: number, r: number, color: string, glow: string) {
  s.add(`<circle cx="${x}" cy="${y}" r="${r * 4}" fill="${s.grad(radial([[0, glow, 0.55], [1, glow, 0]]))}"/>`);
  s.add(`<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>`);
}

function stars(s: Scene, count: number, maxY: number, seed: number) {
  const rnd = random(seed);
  const dots = Array.from({ length: count }, () => {
    const r = rnd() * 1.6 + 0.6;
    return `<circle cx="${(rnd() * W).toFixed(1)}" cy="${(rnd() * maxY).toFixed(1)}" r="${r.toFixed(2)}" fill="${C.ivory}" opacity="${(0.35 + rnd() * 0.5).toFixed(2)}"/>`;
  });
  s.add(dots.join(''));
}

/** A ridge line from x0 to x1 around baseline y with the given roughness, closed to the bottom. */
function ridge(s: Scene, opts: { x0: number; x1: number; y: number; amp: number; step: number; seed: number; fill: string; bottom?: number; peak?: number }) {
  const rnd = random(opts.seed);
  const points: string[] = [];
  const span = opts.x1 - opts.x0;
  for (let x = opts.x0; x <= opts.x1 + opts.step; x += opts.step) {
    const t = (x - opts.x0) / span;
    const hump = Math.sin(Math.min(1, Math.max(0, t)) * Math.PI) * (opts.peak ?? 0);
    const y = opts.y - hump - rnd() * opts.amp;
    points.push(`${Math.min(x, opts.x1).toFixed(1)},${y.toFixed(1)}`);
  }
  const bottom = opts.bottom ?? H;
  s.add(`<polygon points="${opts.x0},${bottom} ${points.join(' ')} ${opts.x1},${bottom}" fill="${opts.fill}"/>`);
}

function sea(s: Scene, y: number, top: string, bottom: string, shimmerX?: number, shimmer = C.gold400) {
  s.add(`<rect y="${y}" width="${W}" height="${H - y}" fill="${s.grad(linear([[0, top], [1, bottom]]))}"/>`);
  if (shimmerX === undefined) return;
  const rnd = random(Math.round(y * 7 + shimmerX));
  const lines: string[] = [];
  for (let i = 0; i < 26; i += 1) {
    const ly = y + 8 + i * i * 0.55 + rnd() * 4;
    if (ly > H) break;
    const half = 30 + i * 9 + rnd() * 40;
    const dx = (rnd() - 0.5) * 60;
    lines.push(`<rect x="${(shimmerX - half + dx).toFixed(1)}" y="${ly.toFixed(1)}" width="${(half * 2 * (0.4 + rnd() * 0.5)).toFixed(1)}" height="${(1.5 + i * 0.12).toFixed(1)}" rx="1" fill="${shimmer}" opacity="${(0.55 - i * 0.017).toFixed(2)}"/>`);
  }
  s.add(lines.join(''));
}

/** Mediterranean houses stacked on a slope between x0 and x1, bases following the ground line. */
function town(s: Scene, opts: { x0: number; x1: number; ground: (x: number) => number; seed: number; colors: string[]; lit?: boolean; scale?: number }) {
  const rnd = random(opts.seed);
  const scale = opts.scale ?? 1;
  const parts: string[] = [];
  let x = opts.x0;
  while (x < opts.x1) {
    const w = (40 + rnd() * 50) * scale;
    const h = (35 + rnd() * 70) * scale;
    const base = opts.ground(x + w / 2) + 6;
    const color = opts.colors[Math.floor(rnd() * opts.colors.length)] ?? C.ivory;
    parts.push(`<rect x="${x.toFixed(1)}" y="${(base - h).toFixed(1)}" width="${w.toFixed(1)}" height="${(h + 40).toFixed(1)}" fill="${color}"/>`);
    parts.push(`<polygon points="${(x - 3).toFixed(1)},${(base - h).toFixed(1)} ${(x + w / 2).toFixed(1)},${(base - h - 12 * scale).toFixed(1)} ${(x + w + 3).toFixed(1)},${(base - h).toFixed(1)}" fill="${C.terracotta}"/>`);
    const cols = Math.max(1, Math.floor(w / (16 * scale)));
    const rows = Math.max(1, Math.floor(h / (22 * scale)));
    for (let r = 0; r < rows; r += 1) {
      for (let c = 0; c < cols; c += 1) {
        if (rnd() < 0.35) continue;
        const lit = opts.lit && rnd() < 0.7;
        parts.push(`<rect x="${(x + 6 * scale + c * 16 * scale).toFixed(1)}" y="${(base - h + 10 * scale + r * 22 * scale).toFixed(1)}" width="${(7 * scale).toFixed(1)}" height="${(10 * scale).toFixed(1)}" fill="${lit ? C.gold400 : 'rgba(20,30,50,0.55)'}"/>`);
      }
    }
    x += w - 4 * scale + rnd() * 6;
  }
  s.add(parts.join(''));
}

function palm(s: Scene, x: number, y: number, scale: number, color = C.palm) {
  const h = 230 * scale;
  const trunk = `<path d="M${x},${y} C${x + 8 * scale},${y - h * 0.4} ${x + 22 * scale},${y - h * 0.75} ${x + 14 * scale},${y - h}" stroke="${color}" stroke-width="${10 * scale}" fill="none" stroke-linecap="round"/>`;
  const tx = x + 14 * scale;
  const ty = y - h;
  const leaves = [-160, -125, -95, -60, -25, 10, 35]
    .map((angle) => {
      const rad = (angle * Math.PI) / 180;
      const len = 110 * scale;
      const ex = tx + Math.cos(rad) * len;
      const ey = ty + Math.sin(rad) * len * 0.55 + 40 * scale;
      const cx = tx + Math.cos(rad) * len * 0.5;
      const cy = ty + Math.sin(rad) * len * 0.5 - 30 * scale;
      return `<path d="M${tx},${ty} Q${cx.toFixed(1)},${cy.toFixed(1)} ${ex.toFixed(1)},${ey.toFixed(1)} Q${(cx + 6 * scale).toFixed(1)},${(cy + 14 * scale).toFixed(1)} ${tx},${ty}" fill="${color}"/>`;
    })
    .join('');
  s.add(trunk + leaves);
}

function cypress(s: Scene, x: number, y: number, scale: number, color = '#24402d') {
  s.add(`<path d="M${x},${y} C${x - 16 * scale},${y - 60 * scale} ${x - 10 * scale},${y - 150 * scale} ${x},${y - 190 * scale} C${x + 10 * scale},${y - 150 * scale} ${x + 16 * scale},${y - 60 * scale} ${x},${y}Z" fill="${color}"/>`);
}

/** The company's van (a long MPV in side view), wheels on the ground line y. */
function van(s: Scene, x: number, y: number, scale: number, opts: { body?: string; glass?: string; lights?: boolean; facing?: 1 | -1; ribbon?: boolean } = {}) {
  const body = opts.body ?? '#111827';
  const glass = opts.glass ?? '#3a4a66';
  const f = opts.facing ?? 1;
  const t = `translate(${x} ${y}) scale(${scale * f} ${scale})`;
  const parts = [
    `<ellipse cx="260" cy="8" rx="290" ry="14" fill="rgba(0,0,0,0.35)"/>`,
    `<path d="M0,-28 L0,-150 Q2,-186 40,-190 L372,-190 Q398,-189 414,-172 L468,-112 Q506,-104 522,-84 Q532,-66 530,-28 L512,-10 L470,-10 A52,52 0 0 0 366,-10 L158,-10 A52,52 0 0 0 54,-10 L16,-10 Z" fill="${body}"/>`,
    `<path d="M34,-172 L150,-172 L150,-112 L28,-112 L28,-160 Q28,-170 34,-172Z" fill="${glass}"/>`,
    `<path d="M160,-172 L282,-172 L282,-112 L160,-112Z" fill="${glass}"/>`,
    `<path d="M292,-172 L372,-172 Q388,-171 398,-160 L444,-112 L292,-112Z" fill="${glass}"/>`,
    `<path d="M40,-168 L140,-168" stroke="rgba(255,255,255,0.25)" stroke-width="3"/>`,
    `<path d="M170,-168 L270,-168" stroke="rgba(255,255,255,0.25)" stroke-width="3"/>`,
    `<path d="M0,-62 L530,-62" stroke="rgba(255,255,255,0.12)" stroke-width="2"/>`,
    `<path d="M226,-104 L226,-30" stroke="rgba(255,255,255,0.14)" stroke-width="2"/>`,
    `<rect x="236" y="-92" width="22" height="5" rx="2" fill="rgba(255,255,255,0.35)"/>`,
    `<circle cx="106" cy="-10" r="44" fill="#0b0f17"/><circle cx="106" cy="-10" r="24" fill="#9aa3b2"/><circle cx="106" cy="-10" r="9" fill="#5b6577"/>`,
    `<circle cx="418" cy="-10" r="44" fill="#0b0f17"/><circle cx="418" cy="-10" r="24" fill="#9aa3b2"/><circle cx="418" cy="-10" r="9" fill="#5b6577"/>`,
    `<rect x="512" y="-88" width="16" height="12" rx="4" fill="${opts.lights ? '#fff6d6' : '#d9dde5'}"/>`,
    `<rect x="0" y="-140" width="8" height="40" rx="3" fill="#b3261e"/>`,
  ];
  if (opts.lights) {
    const beam = s.grad(linear([[0, C.gold300], [1, 'rgba(238,215,166,0)']], false));
    parts.push(`<path d="M528,-84 L860,-150 L860,0 Z" fill="${beam}" opacity="0.35"/>`);
  }
  if (opts.ribbon) {
    parts.push(`<path d="M250,-190 L262,-10" stroke="${C.ivory}" stroke-width="10" opacity="0.9"/><circle cx="470" cy="-100" r="18" fill="${C.ivory}"/><circle cx="470" cy="-100" r="8" fill="${C.rose}"/>`);
  }
  s.add(`<g transform="${t}">${parts.join('')}</g>`);
}

function plane(s: Scene, x: number, y: number, scale: number, angle: number, color = C.ivory) {
  s.add(`<g transform="translate(${x} ${y}) rotate(${angle}) scale(${scale})"><path d="M-120,0 Q-118,-12 -100,-14 L90,-14 Q128,-12 140,0 Q128,12 90,14 L-100,14 Q-118,12 -120,0Z" fill="${color}"/><path d="M-10,-12 L-60,-110 L-30,-110 L40,-12Z" fill="${color}"/><path d="M-10,12 L-40,60 L-18,60 L30,12Z" fill="${color}" opacity="0.85"/><path d="M-100,-12 L-125,-62 L-105,-62 L-78,-12Z" fill="${color}"/><rect x="96" y="-8" width="22" height="7" rx="3" fill="${C.navy700}"/></g>`);
}

function cloud(s: Scene, x: number, y: number, scale: number, color = '#ffffff', opacity = 0.8) {
  s.add(`<g transform="translate(${x} ${y}) scale(${scale})" fill="${color}" opacity="${opacity}"><ellipse cx="0" cy="0" rx="90" ry="26"/><ellipse cx="-40" cy="-16" rx="46" ry="30"/><ellipse cx="24" cy="-24" rx="52" ry="36"/></g>`);
}

function yacht(s: Scene, x: number, y: number, scale: number) {
  s.add(`<g transform="translate(${x} ${y}) scale(${scale})"><path d="M-90,0 L100,0 L80,22 L-74,22Z" fill="#ffffff"/><path d="M-60,0 L-50,-22 L50,-22 L70,0Z" fill="#e8ecf2"/><path d="M-40,-22 L-30,-38 L30,-38 L40,-22Z" fill="#ffffff"/><rect x="-48" y="-16" width="90" height="6" fill="${C.navy700}"/><path d="M-90,0 L100,0" stroke="${C.navy700}" stroke-width="3"/></g>`);
}

function road(s: Scene, path: string, width: number, color = '#2b2f3a') {
  s.add(`<path d="${path}" stroke="${color}" stroke-width="${width}" fill="none" stroke-linecap="round"/>`);
  s.add(`<path d="${path}" stroke="${C.gold300}" stroke-width="3" stroke-dasharray="26 22" fill="none" opacity="0.7"/>`);
}

// ---------- Scenes ----------

const scenes: Record<SceneName, () => Scene> = {
  coast() {
    const s = new Scene();
    sky(s, [[0, C.navy950], [0.32, '#1d2a52'], [0.55, '#5b4a78'], [0.72, '#c9785a'], [0.8, C.gold400]]);
    stars(s, 90, 330, 7);
    sun(s, 940, 600, 70, '#ffd89a', '#f2b36b');
    ridge(s, { x0: 980, x1: 1600, y: 590, amp: 26, step: 40, seed: 3, fill: '#4a3f68', peak: 140 });
    ridge(s, { x0: 0, x1: 760, y: 600, amp: 24, step: 40, seed: 5, fill: '#3a3560', peak: 170 });
    sea(s, 600, '#3d4f86', C.navy900, 940);
    ridge(s, { x0: -20, x1: 560, y: 612, amp: 14, step: 30, seed: 9, fill: '#1d2340', peak: 200, bottom: 616 });
    town(s, { x0: 60, x1: 470, ground: (x) => 660 - Math.sin(((x + 20) / 580) * Math.PI) * 200, seed: 11, colors: ['#2e3357', '#343a62', '#292d4c'], lit: true, scale: 0.75 });
    ridge(s, { x0: 1180, x1: 1700, y: 612, amp: 12, step: 30, seed: 13, fill: '#1a2038', peak: 170, bottom: 616 });
    s.add(`<path d="M-20,760 C300,735 600,780 900,770 C1200,760 1400,740 1620,752 L1620,900 L-20,900Z" fill="${C.navy950}"/>`);
    road(s, 'M-20,800 C320,780 640,820 960,808 C1240,798 1440,782 1640,790', 46, '#1b2233');
    van(s, 640, 818, 0.62, { lights: true, body: '#0d1220', glass: '#2b3a5a' });
    palm(s, 180, 790, 1.15, '#0a1020');
    palm(s, 1420, 780, 1.0, '#0a1020');
    palm(s, 1520, 800, 0.8, '#0a1020');
    return s;
  },

  airport() {
    const s = new Scene();
    sky(s, [[0, '#9fc3e6'], [0.55, '#e9d7c0'], [0.7, '#f3dcb6']]);
    cloud(s, 300, 180, 1.2);
    cloud(s, 1250, 140, 0.9, '#ffffff', 0.7);
    plane(s, 820, 250, 1.6, -14, '#ffffff');
    s.add(`<rect y="560" width="${W}" height="340" fill="#c7cbd3"/>`);
    s.add(`<path d="M120,560 L200,380 L1400,380 L1480,560Z" fill="${C.navy700}"/>`);
    const windows = Array.from({ length: 22 }, (_, i) => `<rect x="${230 + i * 52}" y="400" width="40" height="140" fill="${i % 3 === 0 ? C.gold300 : '#6f89b3'}" opacity="0.9"/>`).join('');
    s.add(windows);
    s.add(`<path d="M180,380 Q800,300 1420,380" stroke="${C.ivory}" stroke-width="14" fill="none"/>`);
    s.add(`<rect x="1320" y="210" width="36" height="180" fill="#e4e7ec"/><rect x="1296" y="180" width="84" height="40" rx="8" fill="${C.navy600}"/><rect x="1304" y="188" width="68" height="20" fill="#9fc3e6"/>`);
    s.add(`<rect y="640" width="${W}" height="260" fill="#8a909c"/><rect y="700" width="${W}" height="8" fill="${C.ivory}" opacity="0.7"/>`);
    van(s, 520, 790, 0.95);
    s.add(`<g transform="translate(1130 790)"><rect x="-12" y="-190" width="24" height="110" rx="10" fill="${C.navy900}"/><circle cx="0" cy="-210" r="20" fill="#c99c7a"/><rect x="-14" y="-80" width="10" height="80" fill="${C.navy950}"/><rect x="4" y="-80" width="10" height="80" fill="${C.navy950}"/><rect x="-70" y="-170" width="80" height="52" rx="4" fill="#ffffff"/><rect x="-60" y="-154" width="60" height="6" fill="${C.navy700}"/><rect x="-60" y="-140" width="42" height="6" fill="${C.gold500}"/></g>`);
    return s;
  },

  station() {
    const s = new Scene();
    sky(s, [[0, '#bcd3ea'], [1, '#f1e6d2']]);
    s.add(`<rect y="200" width="${W}" height="700" fill="#efe6d6"/>`);
    for (let i = 0; i < 5; i += 1) {
      s.add(`<path d="M${-60 + i * 360},520 Q${120 + i * 360},150 ${300 + i * 360},520" stroke="${C.navy700}" stroke-width="16" fill="none"/>`);
    }
    s.add(`<rect y="190" width="${W}" height="26" fill="${C.navy700}"/>`);
    s.add(`<g transform="translate(800 300)"><circle r="52" fill="#ffffff" stroke="${C.navy800}" stroke-width="8"/><path d="M0,0 L0,-34 M0,0 L22,10" stroke="${C.navy900}" stroke-width="6" stroke-linecap="round"/></g>`);
    s.add(`<path d="M-20,600 L1180,600 Q1330,600 1400,660 L1400,700 L-20,700Z" fill="#f7f7f8"/><path d="M-20,630 L1230,630" stroke="${C.navy700}" stroke-width="22"/><path d="M-20,660 L1300,660" stroke="${C.gold500}" stroke-width="6"/>`);
    const w = Array.from({ length: 11 }, (_, i) => `<rect x="${30 + i * 105}" y="612" width="80" height="14" rx="3" fill="#3a4a66"/>`).join('');
    s.add(w);
    s.add(`<rect y="700" width="${W}" height="200" fill="#9aa0ab"/><rect y="700" width="${W}" height="12" fill="${C.gold400}"/>`);
    van(s, 880, 860, 0.72);
    return s;
  },

  corniche() {
    const s = new Scene();
    sky(s, [[0, '#7fb2df'], [0.6, '#cfe2f1']]);
    cloud(s, 1200, 160, 1.0, '#ffffff', 0.75);
    sea(s, 470, '#2f7fb6', '#17507e', 1000, '#ffffff');
    ridge(s, { x0: 900, x1: 1620, y: 470, amp: 14, step: 40, seed: 21, fill: '#8aa4b8', peak: 60 });
    s.add(`<path d="M-20,260 C200,240 380,300 520,420 C640,520 700,640 760,900 L-20,900Z" fill="#6f8a4f"/>`);
    s.add(`<path d="M-20,330 C180,320 330,380 450,480 C560,580 610,700 650,900 L-20,900Z" fill="#56703c"/>`);
    town(s, { x0: 40, x1: 330, ground: (x) => 330 + x * 0.28, seed: 23, colors: [C.ivory, C.rose, C.ochre, '#f3d9b1'], scale: 0.8 });
    road(s, 'M-20,560 C260,560 420,620 560,700 C700,780 900,820 1640,830', 60, '#3a3f4b');
    van(s, 860, 846, 0.62);
    cypress(s, 120, 640, 1.2);
    cypress(s, 190, 660, 0.9);
    return s;
  },

  alps() {
    const s = new Scene();
    sky(s, [[0, '#86b4e0'], [1, '#e8f0f7']]);
    ridge(s, { x0: -20, x1: 1620, y: 520, amp: 140, step: 120, seed: 31, fill: '#8fa3bd' });
    s.add(`<path d="M240,520 L420,210 L520,330 L640,160 L820,420 L980,230 L1160,520Z" fill="#b7c6d8"/><path d="M420,210 L470,290 L440,280 L400,250Z M640,160 L700,250 L660,240 L610,210Z M980,230 L1030,300 L990,290 L950,270Z" fill="#ffffff"/>`);
    ridge(s, { x0: -20, x1: 1620, y: 640, amp: 60, step: 60, seed: 33, fill: '#5d7a52' });
    s.add(`<path d="M-20,900 C300,780 700,760 900,700 C1100,640 1300,640 1620,620 L1620,900Z" fill="#47663f"/>`);
    road(s, 'M300,930 C500,820 800,800 1000,740 C1200,680 1400,670 1640,660', 52, '#394150');
    van(s, 700, 808, 0.55);
    for (let i = 0; i < 9; i += 1) cypress(s, 60 + i * 40, 760 + (i % 2) * 20, 0.7, '#2c4a2c');
    for (let i = 0; i < 6; i += 1) cypress(s, 1300 + i * 45, 700 + (i % 2) * 16, 0.6, '#2c4a2c');
    return s;
  },

  village() {
    const s = new Scene();
    sky(s, [[0, '#f3c99a'], [0.5, '#f6dcb9'], [1, '#f1e3cf']]);
    sun(s, 1260, 260, 60, '#fff1d0', '#ffd79a');
    sea(s, 600, '#5f93bd', '#2b5f8c', 1260, '#fff1d0');
    s.add(`<path d="M320,600 C420,420 560,300 800,270 C1040,300 1180,420 1280,600Z" fill="#9a8a6a"/>`);
    town(s, { x0: 560, x1: 1040, ground: (x) => 300 + Math.abs(x - 800) * 0.55, seed: 41, colors: [C.ochre, '#e9c48e', C.rose, '#d9a77a', C.ivory], scale: 0.85 });
    s.add(`<rect x="780" y="150" width="40" height="130" fill="#e6c08a"/><path d="M772,150 L800,110 L828,150Z" fill="${C.terracotta}"/><rect x="792" y="170" width="16" height="24" fill="#5b4a3a"/>`);
    s.add(`<path d="M-20,700 C300,640 700,640 1000,680 C1300,720 1500,700 1620,690 L1620,900 L-20,900Z" fill="#6b7d45"/>`);
    cypress(s, 260, 700, 1.3);
    cypress(s, 330, 690, 1.0);
    cypress(s, 1380, 705, 1.2);
    road(s, 'M-20,840 C400,800 800,790 1640,800', 40, '#4a4f58');
    van(s, 560, 820, 0.55);
    return s;
  },

  wedding() {
    const s = new Scene();
    sky(s, [[0, '#f7e3dc'], [1, '#fbf4ea']]);
    s.add(`<path d="M-20,540 C400,500 1200,500 1620,540 L1620,900 L-20,900Z" fill="#a9b88a"/>`);
    for (let i = 0; i < 14; i += 1) {
      s.add(`<circle cx="${i * 120 + 40}" cy="${120 + Math.sin(i) * 30}" r="6" fill="${C.gold400}"/><path d="M${i * 120 - 20},${100 + Math.sin(i - 1) * 30} Q${i * 120 + 10},${150} ${i * 120 + 100},${100 + Math.sin(i + 1) * 30}" stroke="#c9b79c" stroke-width="2" fill="none"/>`);
    }
    s.add(`<path d="M560,600 L560,300 Q800,120 1040,300 L1040,600" stroke="#f4efe6" stroke-width="26" fill="none"/>`);
    const flowers = Array.from({ length: 34 }, (_, i) => {
      const t = i / 33;
      const angle = Math.PI * (1 - t);
      const x = 800 + Math.cos(angle) * 250;
      const y = 300 - Math.sin(angle) * 150 + (i % 3) * 6;
      const color = [C.rose, '#f7d1cd', '#ffffff', '#e9a9a0'][i % 4];
      return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${18 + (i % 3) * 5}" fill="${color}"/>`;
    });
    s.add(flowers.join(''));
    s.add(`<circle cx="560" cy="600" r="60" fill="#f7d1cd"/><circle cx="1040" cy="600" r="60" fill="#f7d1cd"/><circle cx="540" cy="580" r="30" fill="#ffffff"/><circle cx="1060" cy="580" r="30" fill="#ffffff"/>`);
    s.add(`<g opacity="0.9"><circle cx="170" cy="420" r="110" fill="#7d8d5c"/><rect x="160" y="480" width="20" height="120" fill="#6a5a48"/><circle cx="1430" cy="430" r="100" fill="#7d8d5c"/><rect x="1420" y="490" width="20" height="110" fill="#6a5a48"/></g>`);
    van(s, 520, 820, 0.75, { body: '#f4f4f2', glass: '#8c9bb3', ribbon: true });
    return s;
  },

  harbour() {
    const s = new Scene();
    sky(s, [[0, '#8fbbe3'], [1, '#eaf2f8']]);
    s.add(`<path d="M-20,520 C200,300 500,220 800,200 C1100,220 1400,320 1620,480 L1620,620 L-20,620Z" fill="#7f9a6a"/>`);
    town(s, { x0: 60, x1: 1540, ground: (x) => 540 - Math.sin((x / 1600) * Math.PI) * 260, seed: 51, colors: [C.ivory, '#f3e3c8', C.rose, '#e9d3b0', '#dfe7ee'], scale: 0.9 });
    s.add(`<path d="M1180,600 L1220,420 L1400,400 L1500,600Z" fill="#b39b78"/><rect x="1240" y="360" width="170" height="70" fill="#efe2c8"/><path d="M1232,360 L1420,360 L1400,340 L1250,340Z" fill="${C.terracotta}"/>`);
    sea(s, 600, '#3a86b8', '#1d5a86');
    s.add(`<rect x="-20" y="600" width="${W + 40}" height="14" fill="#d9d2c3"/>`);
    for (let i = 0; i < 7; i += 1) yacht(s, 160 + i * 210, 700 + (i % 2) * 60, 0.9 + (i % 3) * 0.15);
    s.add(`<path d="M-20,860 L700,860 L760,900 L-20,900Z" fill="#d9d2c3"/>`);
    return s;
  },

  business() {
    const s = new Scene();
    sky(s, [[0, C.navy950], [0.7, '#1f2d52'], [1, '#2c3d66']]);
    stars(s, 60, 300, 61);
    s.add(`<circle cx="1300" cy="160" r="46" fill="#f4ecd8"/><circle cx="1320" cy="148" r="44" fill="#0f1a31"/>`);
    const rnd = random(63);
    const parts: string[] = [];
    let x = -20;
    while (x < W) {
      const w = 70 + rnd() * 90;
      const h = 220 + rnd() * 380;
      parts.push(`<rect x="${x.toFixed(1)}" y="${(760 - h).toFixed(1)}" width="${w.toFixed(1)}" height="${h}" fill="${rnd() < 0.5 ? '#17233d' : '#1c2b4a'}"/>`);
      for (let wy = 760 - h + 20; wy < 740; wy += 26) {
        for (let wx = x + 10; wx < x + w - 14; wx += 20) {
          if (rnd() < 0.45) parts.push(`<rect x="${wx.toFixed(1)}" y="${wy.toFixed(1)}" width="9" height="12" fill="${C.gold400}" opacity="${(0.55 + rnd() * 0.45).toFixed(2)}"/>`);
        }
      }
      x += w + 8;
    }
    s.add(parts.join(''));
    s.add(`<rect y="760" width="${W}" height="140" fill="#0a1120"/><rect y="800" width="${W}" height="4" fill="${C.gold500}" opacity="0.5"/>`);
    van(s, 560, 870, 0.7, { lights: true, body: '#05080f', glass: '#24324f' });
    return s;
  },

  vclass() {
    const s = new Scene();
    sky(s, [[0, '#1a2745'], [0.62, '#2b3b63'], [0.63, '#d8dde6'], [1, '#b9c0cc']]);
    s.add(`<ellipse cx="800" cy="560" rx="640" ry="80" fill="${s.grad(radial([[0, '#ffffff', 0.5], [1, '#ffffff', 0]]))}"/>`);
    s.add(`<path d="M0,565 L1600,565" stroke="${C.gold500}" stroke-width="3" opacity="0.6"/>`);
    van(s, 500, 690, 1.15, { body: '#0f1626', glass: '#4d5f82' });
    s.add(`<g opacity="0.18" transform="translate(0 1380) scale(1 -1)">`);
    van(s, 500, 690, 1.15, { body: '#0f1626', glass: '#4d5f82' });
    s.add(`</g>`);
    return s;
  },

  nice() {
    const s = new Scene();
    sky(s, [[0, '#7fb6e6'], [1, '#e6f0f8']]);
    ridge(s, { x0: -20, x1: 1620, y: 420, amp: 40, step: 80, seed: 71, fill: '#93a9bf', peak: 40 });
    town(s, { x0: 0, x1: 1600, ground: () => 520, seed: 73, colors: [C.ochre, C.rose, '#f2d7b0', C.ivory, '#e7b98f'], scale: 1.1 });
    s.add(`<path d="M-20,540 C500,560 1100,620 1620,700 L1620,900 L-20,900Z" fill="#2e86c1"/>`);
    s.add(`<path d="M-20,520 C500,540 1100,600 1620,680 L1620,700 C1100,620 500,560 -20,560Z" fill="#f1e7d4"/>`);
    for (let i = 0; i < 9; i += 1) palm(s, 40 + i * 190, 540 + i * 14, 0.75);
    for (let i = 0; i < 12; i += 1) s.add(`<rect x="${80 + i * 125}" y="${548 + i * 11}" width="26" height="14" rx="3" fill="#2c6db0"/>`);
    sea(s, 900, '#2e86c1', '#2e86c1');
    return s;
  },

  cannes() {
    const s = new Scene();
    sky(s, [[0, '#f0b486'], [0.6, '#f7d7b1'], [1, '#f8e8d2']]);
    sun(s, 1150, 330, 50, '#fff3d6', '#ffd49c');
    sea(s, 470, '#6aa6cf', '#3b78a8', 1150, '#fff3d6');
    s.add(`<path d="M-20,600 L1620,560 L1620,900 L-20,900Z" fill="#f3e2c4"/>`);
    for (let i = 0; i < 8; i += 1) {
      const x = 120 + i * 190;
      const c = i % 2 === 0 ? C.navy700 : C.ivory;
      s.add(`<rect x="${x}" y="610" width="6" height="110" fill="#7a6a55"/><path d="M${x - 70},620 Q${x + 3},560 ${x + 76},620Z" fill="${c}"/><path d="M${x - 70},620 Q${x + 3},600 ${x + 76},620" fill="${C.gold500}" opacity="0.5"/>`);
    }
    for (let i = 0; i < 7; i += 1) palm(s, 60 + i * 250, 880, 0.9);
    s.add(`<rect x="-20" y="860" width="${W + 40}" height="40" fill="#bfb29b"/>`);
    return s;
  },

  monaco() {
    const s = new Scene();
    sky(s, [[0, '#2b3d6b'], [0.6, '#c58a74'], [1, '#f0c38c']]);
    s.add(`<path d="M-20,560 C200,260 520,200 800,180 C1100,200 1400,300 1620,520 L1620,620 L-20,620Z" fill="#51506e"/>`);
    town(s, { x0: 40, x1: 1560, ground: (x) => 560 - Math.sin((x / 1600) * Math.PI) * 300, seed: 81, colors: ['#f1dcc0', '#e6c6a8', '#d9b79a', '#f4e6d0'], lit: true, scale: 0.85 });
    s.add(`<rect x="700" y="380" width="200" height="90" fill="#f4e6d0"/><ellipse cx="800" cy="380" rx="60" ry="44" fill="#c9a36a"/><rect x="790" y="320" width="20" height="30" fill="#c9a36a"/>`);
    sea(s, 600, '#3d5d8f', '#1e355e', 800);
    s.add(`<rect x="-20" y="600" width="${W + 40}" height="10" fill="#d6c7ad"/>`);
    for (let i = 0; i < 6; i += 1) yacht(s, 200 + i * 240, 700 + (i % 2) * 70, 1 + (i % 2) * 0.3);
    return s;
  },

  marseille() {
    const s = new Scene();
    sky(s, [[0, '#69a7dc'], [1, '#dcebf6']]);
    s.add(`<path d="M500,520 C600,340 700,280 800,270 C900,280 1000,340 1100,520Z" fill="#b5a486"/>`);
    s.add(`<rect x="760" y="150" width="80" height="130" fill="#efe6d6"/><rect x="785" y="80" width="30" height="80" fill="#efe6d6"/><circle cx="800" cy="72" r="16" fill="${C.gold500}"/><path d="M760,150 L800,120 L840,150Z" fill="#e4d7bf"/>`);
    town(s, { x0: 0, x1: 1600, ground: (x) => 560 - Math.max(0, 120 - Math.abs(x - 800) * 0.3), seed: 91, colors: [C.ochre, '#f2d7b0', C.ivory, C.rose], scale: 1 });
    sea(s, 600, '#2f7fb6', '#1b5a8a');
    s.add(`<path d="M-20,600 L1620,600 L1620,612 L-20,612Z" fill="#d8cdb9"/>`);
    for (let i = 0; i < 12; i += 1) {
      const x = 80 + i * 125;
      const y = 690 + (i % 3) * 50;
      s.add(`<path d="M${x - 44},${y} L${x + 44},${y} L${x + 32},${y + 16} L${x - 32},${y + 16}Z" fill="${['#ffffff', C.terracotta, '#2c6db0'][i % 3]}"/><path d="M${x},${y} L${x},${y - 90}" stroke="#6b6b6b" stroke-width="3"/>`);
    }
    return s;
  },
};

async function main() {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage();
  await page.setContent('<!doctype html><body></body>');

  const encode = async (svg: string, width: number, height: number, type: string, quality: number) => {
    const dataUrl = await page.evaluate(
      async ({ svg: source, width: w, height: h, type: t, quality: q }) => {
        const image = new Image();
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = w;
        canvas.height = h;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d context');
        context.drawImage(image, 0, 0, w, h);
        return canvas.toDataURL(t, q);
      },
      { svg, width, height, type, quality },
    );
    return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  };

  let total = 0;
  const render = async (image: SiteImage) => {
    for (const width of image.widths) {
      const height = imageHeight(image, width);
      const svg = scenes[image.scene]().svg(width, height, image.keep);
      const bytes = await encode(svg, width, height, 'image/webp', 0.8);
      const file = path.join(outDir, `${image.file}-${width}.webp`);
      writeFileSync(file, bytes);
      total += bytes.length;
      console.log(`${path.relative(root, file)}  ${width}×${height}  ${(bytes.length / 1024).toFixed(1)} KB`);
    }
  };
  for (const image of [...Object.values(HERO_IMAGES), ...Object.values(SITE_IMAGES)]) await render(image);

  const og = await encode(scenes[OG_IMAGE.scene]().svg(OG_IMAGE.width, OG_IMAGE.height), OG_IMAGE.width, OG_IMAGE.height, 'image/jpeg', 0.82);
  writeFileSync(path.join(outDir, OG_IMAGE.file), og);
  total += og.length;
  console.log(`${OG_IMAGE.file}  ${(og.length / 1024).toFixed(1)} KB\ntotal ${(total / 1024).toFixed(0)} KB`);
  await browser.close();
}

await main();
