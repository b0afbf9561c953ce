import sharp from 'sharp';

/*
 * The demo shop's product pictures, drawn here as SVG and rendered to PNG at seed time (no
 * downloaded files): a soft backdrop and a simple drawing of the item in its colour.
 */

export type Drawing = 'mat' | 'rolled-mat' | 'block' | 'strap' | 'leggings' | 'tee' | 'bottle' | 'can' | 'pass';

const SIZE = 800;

function shape(drawing: Drawing, colour: string, label: string): string {
  switch (drawing) {
    case 'mat':
      return `<rect x="170" y="250" width="460" height="300" rx="26" fill="${colour}" transform="rotate(-12 400 400)"/>
        <rect x="170" y="250" width="460" height="300" rx="26" fill="none" stroke="#00000022" stroke-width="6" transform="rotate(-12 400 400)"/>`;
    case 'rolled-mat':
      return `<rect x="220" y="300" width="360" height="200" rx="100" fill="${colour}"/>
        <ellipse cx="560" cy="400" rx="52" ry="100" fill="${colour}" stroke="#00000033" stroke-width="6"/>
        <path d="M560 330 a30 70 0 1 0 1 0" fill="none" stroke="#00000044" stroke-width="6"/>`;
    case 'block':
      return `<polygon points="260,330 480,270 580,330 360,390" fill="${colour}" opacity="0.85"/>
        <polygon points="260,330 360,390 360,540 260,480" fill="${colour}"/>
        <polygon points="360,390 580,330 580,480 360,540" fill="${colour}" opacity="0.7"/>`;
    case 'strap':
      return `<path d="M200 520 C 300 200, 500 200, 600 520" fill="none" stroke="${colour}" stroke-width="44" stroke-linecap="round"/>
        <rect x="560" y="470" width="90" height="70" rx="10" fill="#c9c2b6" stroke="#8a8378" stroke-width="6"/>`;
    case 'leggings':
      return `<path d="M300 210 H500 L540 600 H430 L400 330 L370 600 H260 Z" fill="${colour}"/>
        <rect x="300" y="200" width="200" height="34" rx="8" fill="#00000033"/>`;
    case 'tee':
      return `<path d="M300 220 L250 240 L170 330 L230 390 L280 350 V600 H520 V350 L570 390 L630 330 L550 240 L500 220 C480 260 320 260 300 220 Z" fill="${colour}"/>`;
    case 'bottle':
      return `<rect x="350" y="180" width="100" height="60" rx="12" fill="#5b5b5b"/>
        <path d="M340 250 H460 V300 C520 330 520 360 520 400 V600 C520 630 500 640 470 640 H330 C300 640 280 630 280 600 V400 C280 360 280 330 340 300 Z" fill="${colour}"/>
        <rect x="300" y="420" width="200" height="120" rx="10" fill="#ffffffcc"/>`;
    case 'can':
      return `<rect x="310" y="220" width="180" height="380" rx="30" fill="${colour}"/>
        <rect x="330" y="200" width="140" height="30" rx="10" fill="#bdbdbd"/>
        <rect x="310" y="360" width="180" height="100" fill="#ffffffb3"/>`;
    case 'pass':
      return `<rect x="170" y="230" width="460" height="300" rx="28" fill="${colour}"/>
        <circle cx="250" cy="310" r="36" fill="#ffffff55"/>
        <text x="600" y="490" text-anchor="end" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="150" fill="#ffffff">${label}</text>`;
  }
}

/** A square product picture (PNG, 800×800) of `drawing` in `colour` on a backdrop tinted by it. */
export function productPicture(drawing: Drawing, colour: string, label = ''): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
    <defs><radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#fbf8f4"/><stop offset="1" stop-color="#efe6dc"/></radialGradient></defs>
    <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
    <ellipse cx="400" cy="650" rx="260" ry="36" fill="#00000014"/>
    ${shape(drawing, colour, label)}
  </svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
