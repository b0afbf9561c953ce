import { useState } from 'react';
import './classes.css';

/** Warm two-stop gradients for covers without a picture (UI.md: generated cover gradients). */
const GRADIENTS = [
  ['#f1e6da', '#c99a6e'],
  ['#efe3d3', '#a57044'],
  ['#f4eadf', '#b98c6a'],
  ['#e9e2d6', '#8f9a7a'],
  ['#f2e4dc', '#c28a7a'],
  ['#e6e4dc', '#9b8fae'],
] as const;

function hashOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash;
}

/** The same course always gets the same gradient. */
export function coverGradient(seed: string): string {
  const [from, to] = GRADIENTS[hashOf(seed) % GRADIENTS.length] ?? GRADIENTS[0];
  return `linear-gradient(135deg, ${from} 0%, ${to} 100%)`;
}

interface CourseCoverProps {
  /** The course's picture; the gradient shows when there is none or it fails to load. */
  src: string | null;
  /** What picks the gradient (the course id). */
  seed: string;
  className?: string;
}

/** A course's cover: its picture over a generated gradient. Decorative: the page names the course. */
export function CourseCover({ src, seed, className = '' }: CourseCoverProps) {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <div className={`course-cover ${className}`} style={{ backgroundImage: coverGradient(seed) }} aria-hidden="true">
      {src && failed !== src ? (
        <img src={src} alt="" onError={() => setFailed(src)} />
      ) : (
        // A tree pose in light strokes over the gradient.
        <svg className="course-cover-art" viewBox="0 0 100 120" role="presentation">
          <circle cx="50" cy="30" r="7" />
          <path d="M44 50 Q30 28 49 9 M56 50 Q70 28 51 9" />
          <path d="M50 38 L50 74 L50 110" />
          <path d="M50 74 L67 87 L52 95" />
          <path d="M28 112 L72 112" />
        </svg>
      )}
    </div>
  );
}
