import classes from './Decorative.module.css';

/**
 * Text drawn for the eye only, from CSS: a tile's marks repeat what its accessible name already
 * says in a sentence, so they stay out of the text that screen readers and speech input match
 * the name against (WCAG 2.5.3 'Label in Name' compares the visible text with the name).
 */
export function Decorative({ text, className }: { text: string; className?: string }) {
  return (
    <span
      className={className ? `${classes.text} ${className}` : classes.text}
      data-text={text}
      aria-hidden
    />
  );
}
