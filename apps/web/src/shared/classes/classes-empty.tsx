import type { ReactNode } from 'react';
import './classes.css';

/** A calm line drawing of a seated pose on a mat, in the brand colours (UI.md: illustrated empty states). */
function SeatedPose() {
  return (
    <svg className="classes-empty-art" viewBox="0 0 160 120" aria-hidden="true">
      <circle className="fill-tint" cx="80" cy="54" r="42" />
      <rect className="fill-tint stroke" x="26" y="98" width="108" height="9" rx="4.5" />
      <circle className="stroke fill-surface" cx="80" cy="32" r="9" />
      <path className="stroke" d="M80 41 C79 52 79 62 80 72" />
      <path className="stroke" d="M80 50 C70 55 64 64 60 78" />
      <path className="stroke" d="M80 50 C90 55 96 64 100 78" />
      <path className="stroke" d="M80 72 C70 76 56 80 48 92 C64 94 82 90 96 84" />
      <path className="stroke" d="M80 72 C90 76 104 80 112 92 C96 94 78 90 64 84" />
    </svg>
  );
}

interface ClassesEmptyProps {
  title: string;
  text?: string;
  /** At most one action (UI.md), e.g. "Browse classes". */
  action?: ReactNode;
}

/** Nothing to show yet, illustrated, with one way forward. */
export function ClassesEmpty({ title, text, action }: ClassesEmptyProps) {
  return (
    <div className="state-block card classes-empty">
      <SeatedPose />
      <p className="state-title">{title}</p>
      {text && <p className="state-text">{text}</p>}
      {action}
    </div>
  );
}
