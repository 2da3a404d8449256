import { memo } from 'react';
import type { MarkerSpot } from './markerSpots';
import classes from './Markup.module.css';

/**
 * The markers for the keyboard and for screen readers: one button each, out of sight (the canvas
 * shows them). Tab reaches them in order; a focused one lights its comment and its drawing, Enter
 * brings the comment into view in the list.
 */
export const MarkupMarkers = memo(function MarkupMarkers({
  spots,
  onHover,
}: {
  spots: readonly MarkerSpot[];
  onHover: (id: number | null) => void;
}) {
  return (
    <div className={classes.markerList}>
      {spots.map((spot) => (
        <button
          key={spot.id}
          type="button"
          data-testid="markup-marker"
          data-done={spot.done || undefined}
          aria-label={`Comment ${spot.number}`}
          onFocus={() => onHover(spot.id)}
          onBlur={() => onHover(null)}
          onClick={() => showComment(spot.id)}
        >
          {spot.number}
        </button>
      ))}
    </div>
  );
});

/** Brings a comment into view in the comments list. */
export function showComment(id: number) {
  document.getElementById(`comment-${id}`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
}
