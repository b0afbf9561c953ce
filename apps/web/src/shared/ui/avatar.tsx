import { useState } from 'react';

interface AvatarProps {
  src?: string | null;
  name: string;
  size?: number;
}

/** First letters of a name: "Jane Doe" → "JD", "jane" → "J", "王小明" → "王". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = (word = '') => Array.from(word)[0] ?? '';
  if (words.length === 0) return '?';
  if (words.length === 1 || !/^[A-Za-z]/.test(words[0] ?? '')) return first(words[0]).toUpperCase();
  return (first(words[0]) + first(words[words.length - 1])).toUpperCase();
}

/**
 * A member's picture, or their initials on a brand-tinted circle when they have none or it fails
 * to load (UI.md).
 */
export function Avatar({ src, name, size = 64 }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (src && failed !== src) {
    return <img className="avatar" src={src} alt="" style={style} onError={() => setFailed(src)} />;
  }
  return (
    <span className="avatar avatar-initials" style={style} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
