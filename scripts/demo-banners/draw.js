// The demo events' banners, drawn on a 2D canvas in Chromium (scripts/demo-banners/generate.ts runs
// this page and saves each canvas as WebP). Plain browser JavaScript: it runs in the page as it is.
// Abstract on purpose: no text (the page and the card name the event), and what matters sits in the
// middle two thirds, since a list card crops the 3:1 banner to 2:1.

/** A repeatable random sequence (mulberry32), so the script draws the same banners every time. */
function randomFrom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const W = 1500;
const H = 500;

function linear(ctx, stops, x0 = 0, y0 = 0, x1 = W, y1 = H) {
  const gradient = ctx.createLinearGradient(x0, y0, x1, y1);
  for (const [index, color] of stops.entries()) gradient.addColorStop(index / (stops.length - 1), color);
  return gradient;
}

/** Soft coloured light: a radial gradient from `color` to transparent. */
function glow(ctx, x, y, radius, color) {
  const gradient = ctx.createRadialGradient(x, y, 0, x, y, radius);
  gradient.addColorStop(0, color);
  gradient.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, W, H);
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

/** Meetup: people as nodes of a network, linked to those near them. */
function network(ctx, random) {
  ctx.fillStyle = linear(ctx, ['#0b1f4d', '#1d4ed8', '#0e7490']);
  ctx.fillRect(0, 0, W, H);
  glow(ctx, 520, 120, 520, 'rgba(96,165,250,0.55)');
  glow(ctx, 1150, 420, 420, 'rgba(45,212,191,0.35)');
  const nodes = Array.from({ length: 70 }, () => ({
    x: random() * W,
    y: 30 + random() * (H - 60),
    r: 2 + random() ** 3 * 14,
  }));
  ctx.lineWidth = 1.5;
  for (const [i, a] of nodes.entries()) {
    for (const b of nodes.slice(i + 1)) {
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      if (d > 190) continue;
      ctx.strokeStyle = `rgba(191,219,254,${0.5 * (1 - d / 190)})`;
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.stroke();
    }
  }
  for (const node of nodes) {
    ctx.fillStyle = node.r > 9 ? '#fef3c7' : 'rgba(239,246,255,0.9)';
    ctx.beginPath();
    ctx.arc(node.x, node.y, node.r, 0, Math.PI * 2);
    ctx.fill();
    if (node.r > 9) {
      ctx.strokeStyle = 'rgba(254,243,199,0.35)';
      ctx.lineWidth = 6;
      ctx.beginPath();
      ctx.arc(node.x, node.y, node.r + 9, 0, Math.PI * 2);
      ctx.stroke();
      ctx.lineWidth = 1.5;
    }
  }
}

/** Design systems: a modular grid of tiles, quarter circles and dots. */
function modules(ctx, random) {
  ctx.fillStyle = '#1e1037';
  ctx.fillRect(0, 0, W, H);
  const palette = ['#7c3aed', '#a78bfa', '#c4b5fd', '#8b5cf6', '#f472b6', '#fbbf24', '#ede9fe'];
  const size = 125;
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 12; col++) {
      const x = col * size;
      const y = row * size;
      const pick = () => palette[Math.floor(random() * palette.length)];
      const kind = Math.floor(random() * 5);
      ctx.fillStyle = random() < 0.35 ? '#2e1065' : pick();
      ctx.fillRect(x, y, size, size);
      ctx.fillStyle = pick();
      ctx.beginPath();
      if (kind === 0) {
        // A quarter circle from one of the tile's corners.
        const corner = Math.floor(random() * 4);
        ctx.save();
        ctx.rect(x, y, size, size);
        ctx.clip();
        ctx.beginPath();
        ctx.arc(x + (corner % 2) * size, y + Math.floor(corner / 2) * size, size, 0, Math.PI * 2);
        ctx.fill();
        ctx.restore();
      } else if (kind === 1) {
        ctx.arc(x + size / 2, y + size / 2, size * 0.34, 0, Math.PI * 2);
        ctx.fill();
      } else if (kind === 2) {
        roundRect(ctx, x + 22, y + 22, size - 44, size - 44, 18);
        ctx.fill();
      } else if (kind === 3) {
        for (let dx = 0; dx < 3; dx++)
          for (let dy = 0; dy < 3; dy++) {
            ctx.moveTo(x + 31 + dx * 31 + 7, y + 31 + dy * 31);
            ctx.arc(x + 31 + dx * 31, y + 31 + dy * 31, 7, 0, Math.PI * 2);
          }
        ctx.fill();
      } else {
        ctx.moveTo(x, y + size);
        ctx.lineTo(x + size, y);
        ctx.lineTo(x + size, y + size);
        ctx.closePath();
        ctx.fill();
      }
    }
  }
  // A soft vignette keeps the pattern from shouting over the page.
  const shade = ctx.createRadialGradient(W / 2, H / 2, 200, W / 2, H / 2, 900);
  shade.addColorStop(0, 'rgba(30,16,55,0)');
  shade.addColorStop(1, 'rgba(30,16,55,0.55)');
  ctx.fillStyle = shade;
  ctx.fillRect(0, 0, W, H);
}

/** Fundraising: a sun rising over bands of hills, rays fanning out. */
function sunrise(ctx) {
  ctx.fillStyle = linear(ctx, ['#451a03', '#b45309', '#fbbf24'], 0, 0, 0, H);
  ctx.fillRect(0, 0, W, H);
  const cx = W / 2;
  const cy = H * 0.7;
  ctx.save();
  for (let i = 0; i < 24; i++) {
    const angle = Math.PI + (i / 24) * Math.PI;
    ctx.fillStyle = i % 2 ? 'rgba(254,243,199,0.07)' : 'rgba(254,243,199,0.0)';
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.arc(cx, cy, 1200, angle, angle + Math.PI / 24);
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();
  glow(ctx, cx, cy, 420, 'rgba(254,240,138,0.55)');
  ctx.fillStyle = '#fef3c7';
  ctx.beginPath();
  ctx.arc(cx, cy, 130, 0, Math.PI * 2);
  ctx.fill();
  // Stripes through the sun's lower half, as on a retro poster.
  ctx.fillStyle = '#d97706';
  for (let i = 0; i < 5; i++) ctx.fillRect(cx - 140, cy - 40 + i * 22, 280, 4 + i * 2.2);
  const hills = ['#92400e', '#78350f', '#5b2508', '#3b1605'];
  for (const [index, color] of hills.entries()) {
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.moveTo(0, H);
    const base = H * 0.7 + index * 38;
    for (let x = 0; x <= W; x += 10) {
      const y = base + Math.sin(x / (180 + index * 40) + index * 1.7) * (22 - index * 3);
      ctx.lineTo(x, y);
    }
    ctx.lineTo(W, H);
    ctx.closePath();
    ctx.fill();
  }
}

/** Realtime: rings spreading from two devices and meeting in the middle. */
function signals(ctx) {
  ctx.fillStyle = linear(ctx, ['#022c22', '#065f46', '#064e3b']);
  ctx.fillRect(0, 0, W, H);
  glow(ctx, W / 2, H / 2, 420, 'rgba(52,211,153,0.28)');
  const sources = [
    { x: 430, y: 250 },
    { x: 1070, y: 250 },
  ];
  ctx.lineWidth = 2;
  for (const source of sources) {
    for (let r = 30; r < 900; r += 34) {
      ctx.strokeStyle = `rgba(110,231,183,${Math.max(0, 0.55 - r / 1100)})`;
      ctx.beginPath();
      ctx.arc(source.x, source.y, r, 0, Math.PI * 2);
      ctx.stroke();
    }
  }
  for (const source of sources) {
    glow(ctx, source.x, source.y, 90, 'rgba(209,250,229,0.6)');
    ctx.fillStyle = '#ecfdf5';
    ctx.beginPath();
    ctx.arc(source.x, source.y, 16, 0, Math.PI * 2);
    ctx.fill();
  }
  // The messages in flight between them.
  ctx.strokeStyle = 'rgba(236,253,245,0.85)';
  ctx.lineWidth = 3;
  ctx.setLineDash([2, 14]);
  ctx.lineCap = 'round';
  for (const bend of [-90, 0, 90]) {
    ctx.beginPath();
    ctx.moveTo(460, 250);
    ctx.quadraticCurveTo(W / 2, 250 + bend * 1.6, 1040, 250);
    ctx.stroke();
  }
  ctx.setLineDash([]);
}

/** Open source: branches leaving the main line and merging back, commits as dots. */
function branches(ctx, random) {
  ctx.fillStyle = linear(ctx, ['#450a0a', '#b91c1c', '#f97316']);
  ctx.fillRect(0, 0, W, H);
  glow(ctx, 750, 80, 600, 'rgba(254,202,202,0.25)');
  const lanes = [250, 150, 350, 70, 430];
  const colors = ['#fff7ed', '#fecaca', '#fed7aa', '#fde68a', '#fca5a5'];
  ctx.lineCap = 'round';
  ctx.lineWidth = 8;
  ctx.strokeStyle = colors[0];
  ctx.beginPath();
  ctx.moveTo(-20, lanes[0]);
  ctx.lineTo(W + 20, lanes[0]);
  ctx.stroke();
  const commits = [];
  for (let x = 40; x < W; x += 90) commits.push({ x, y: lanes[0], color: colors[0] });
  let x = 80;
  let lane = 1;
  while (x < W - 200) {
    const from = x;
    const to = Math.min(W + 40, from + 260 + random() * 320);
    const y = lanes[lane];
    ctx.strokeStyle = colors[lane];
    ctx.lineWidth = 6;
    ctx.beginPath();
    ctx.moveTo(from, lanes[0]);
    ctx.bezierCurveTo(from + 60, lanes[0], from + 30, y, from + 90, y);
    ctx.lineTo(to - 90, y);
    ctx.bezierCurveTo(to - 30, y, to - 60, lanes[0], to, lanes[0]);
    ctx.stroke();
    for (let c = from + 130; c < to - 100; c += 70) commits.push({ x: c, y, color: colors[lane] });
    x = from + 110 + random() * 160;
    lane = (lane % (lanes.length - 1)) + 1;
  }
  for (const commit of commits) {
    ctx.fillStyle = '#7f1d1d';
    ctx.beginPath();
    ctx.arc(commit.x, commit.y, 12, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = commit.color;
    ctx.lineWidth = 5;
    ctx.stroke();
  }
}

/** Accessible forms: floating fields, a checkbox and a focus ring. */
function fields(ctx) {
  ctx.fillStyle = linear(ctx, ['#042f2e', '#0f766e', '#2dd4bf']);
  ctx.fillRect(0, 0, W, H);
  glow(ctx, 1100, 80, 500, 'rgba(153,246,228,0.35)');
  const card = { x: 430, y: 60, w: 640, h: 420 };
  ctx.save();
  ctx.shadowColor = 'rgba(4,47,46,0.45)';
  ctx.shadowBlur = 50;
  ctx.shadowOffsetY = 20;
  ctx.fillStyle = '#f0fdfa';
  roundRect(ctx, card.x, card.y, card.w, card.h, 28);
  ctx.fill();
  ctx.restore();
  const line = (x, y, w, color) => {
    ctx.fillStyle = color;
    roundRect(ctx, x, y, w, 14, 7);
    ctx.fill();
  };
  const field = (y, focused) => {
    line(card.x + 50, y, 150, '#5eead4');
    ctx.fillStyle = '#ffffff';
    ctx.strokeStyle = focused ? '#0d9488' : '#99f6e4';
    ctx.lineWidth = focused ? 4 : 2.5;
    roundRect(ctx, card.x + 50, y + 28, card.w - 100, 56, 12);
    ctx.fill();
    ctx.stroke();
    if (focused) {
      ctx.strokeStyle = 'rgba(20,184,166,0.35)';
      ctx.lineWidth = 10;
      roundRect(ctx, card.x + 43, y + 21, card.w - 86, 70, 18);
      ctx.stroke();
      ctx.fillStyle = '#0f766e';
      ctx.fillRect(card.x + 80, y + 42, 4, 28);
    }
  };
  field(110, false);
  field(230, true);
  ctx.strokeStyle = '#0d9488';
  ctx.fillStyle = '#0d9488';
  roundRect(ctx, card.x + 50, 370, 34, 34, 8);
  ctx.fill();
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 5;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  ctx.moveTo(card.x + 58, 387);
  ctx.lineTo(card.x + 65, 395);
  ctx.lineTo(card.x + 77, 379);
  ctx.stroke();
  line(card.x + 100, 381, 220, '#99f6e4');
  ctx.fillStyle = '#0f766e';
  roundRect(ctx, card.x + card.w - 210, 362, 160, 50, 25);
  ctx.fill();
  // Loose shapes around the card, for depth.
  const blobs = [
    [220, 130, 70, 'rgba(204,251,241,0.18)'],
    [300, 390, 40, 'rgba(204,251,241,0.25)'],
    [1250, 330, 90, 'rgba(4,47,46,0.25)'],
    [1330, 110, 36, 'rgba(240,253,250,0.3)'],
  ];
  for (const [x, y, r, color] of blobs) {
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** Rooftop social: a dusk sky, a skyline, and a string of lights. */
function skyline(ctx, random) {
  ctx.fillStyle = linear(ctx, ['#1e1b4b', '#9d174d', '#f97316', '#fdba74'], 0, 0, 0, H);
  ctx.fillRect(0, 0, W, H);
  glow(ctx, 980, 330, 380, 'rgba(254,215,170,0.6)');
  ctx.fillStyle = '#fff7ed';
  ctx.beginPath();
  ctx.arc(980, 330, 90, 0, Math.PI * 2);
  ctx.fill();
  for (let i = 0; i < 60; i++) {
    ctx.fillStyle = `rgba(255,255,255,${0.2 + random() * 0.5})`;
    ctx.fillRect(random() * W, random() * 140, 2, 2);
  }
  const layer = (base, spread, color, windows) => {
    let x = -20;
    while (x < W) {
      const w = 50 + random() * 90;
      const h = base + random() * spread;
      ctx.fillStyle = color;
      ctx.fillRect(x, H - h, w, h);
      if (windows) {
        for (let wy = H - h + 16; wy < H - 20; wy += 26)
          for (let wx = x + 10; wx < x + w - 14; wx += 20)
            if (random() < 0.3) {
              ctx.fillStyle = 'rgba(253,224,71,0.75)';
              ctx.fillRect(wx, wy, 8, 12);
            }
      }
      x += w + 4;
    }
  };
  layer(90, 160, '#7c2d12', false);
  layer(50, 120, '#2a0f24', true);
  // Lights strung across the rooftop.
  const bulbs = [];
  ctx.strokeStyle = 'rgba(42,15,36,0.9)';
  ctx.lineWidth = 2;
  for (const [x0, x1, sag] of [
    [-40, 760, 90],
    [740, 1540, 80],
  ]) {
    ctx.beginPath();
    for (let t = 0; t <= 1.0001; t += 0.02) {
      const x = x0 + (x1 - x0) * t;
      const y = 40 + 4 * sag * t * (1 - t);
      if (t === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
      if (Math.round(t * 50) % 4 === 2) bulbs.push([x, y]);
    }
    ctx.stroke();
  }
  for (const [x, y] of bulbs) {
    glow(ctx, x, y + 10, 34, 'rgba(253,230,138,0.55)');
    ctx.fillStyle = '#fef9c3';
    ctx.beginPath();
    ctx.arc(x, y + 10, 6, 0, Math.PI * 2);
    ctx.fill();
  }
}

const DRAWINGS = { network, modules, sunrise, signals, branches, fields, skyline };

/** Draws one banner and answers it as a data: URL of the given type. */
window.drawBanner = (name, seed, type, quality) => {
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d');
  DRAWINGS[name](ctx, randomFrom(seed));
  return canvas.toDataURL(type, quality);
};
