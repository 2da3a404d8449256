import { textPieces } from './mentions';
import classes from './Comments.module.css';

/** A comment's text: plain text nodes, mentions as styled spans. Nothing typed is read as HTML. */
export function CommentText({ text, meId }: { text: string; meId: number | null }) {
  return (
    <p className={classes.text} data-testid="comment-text">
      {textPieces(text).map((piece, index) =>
        piece.kind === 'text' ? (
          piece.text
        ) : (
          <span
            key={index}
            className={classes.mention}
            data-me={piece.userId === meId || undefined}
            data-testid="comment-mention"
          >
            @{piece.name}
          </span>
        ),
      )}
    </p>
  );
}
