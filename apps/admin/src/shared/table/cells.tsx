import { Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * Cells that keep a table inside 1280 px (UI.md): a long text wraps in the room its column gets and is
 * cut after a few lines; what is cut is shown whole on hover, and screen readers read it all.
 */

/**
 * A long text (a reason, a review) in at most `rows` lines, cut with "…", whole in its title. CSS
 * line-clamp rather than a one-line ellipsis even for one row: a text kept on one line could not be
 * narrower than the whole text, and would widen its column to it.
 */
export function ClampedText({
  text,
  rows = 2,
  secondary = false,
  minWidth,
}: {
  text: string;
  rows?: number;
  /** Written in the secondary grey (a line under the cell's main one). */
  secondary?: boolean;
  /**
   * In a column without a width, the narrowest it may get: such a column takes the room the others
   * leave (more on a wider screen), never less than this.
   */
  minWidth?: number;
}) {
  return (
    <div
      className={secondary ? 'clamped-text secondary-text' : 'clamped-text'}
      style={{ WebkitLineClamp: rows, minWidth }}
      title={text}
    >
      {text}
    </div>
  );
}

const clipped = (width: number): CSSProperties => ({
  display: 'inline-block',
  maxWidth: width,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
});

/** A link on one line at most `width` px wide (a member's long name), cut with "…", whole on hover. */
export function ClippedLink({
  to,
  text,
  width,
  children,
}: {
  to: string;
  text: string;
  width: number;
  /** What the link shows, when more than `text` (which is its hover title). */
  children?: ReactNode;
}) {
  return (
    <Link to={to} title={text} style={clipped(width)}>
      {children ?? text}
    </Link>
  );
}

/** A text on one line at most `width` px wide, cut with "…", whole on hover. */
export function ClippedText({ text, width, secondary = false }: { text: string; width: number; secondary?: boolean }) {
  return (
    <Typography.Text
      ellipsis={{ tooltip: text }}
      className={secondary ? 'secondary-text' : undefined}
      style={{ maxWidth: width }}
    >
      {text}
    </Typography.Text>
  );
}

/** A link whose text (a goods item's long name) takes at most `rows` lines, cut with "…", whole in its title. */
export function ClampedLink({
  to,
  text,
  rows = 2,
  minWidth,
}: {
  to: string;
  text: string;
  rows?: number;
  /** As ClampedText's. */
  minWidth?: number;
}) {
  return (
    <Link to={to} title={text} className="clamped-text" style={{ WebkitLineClamp: rows, minWidth }}>
      {text}
    </Link>
  );
}
