import { describe, expect, it } from 'vitest';
import { guestEditBody, guestKeys } from './guestApi';

describe("a guest's calls", () => {
  it('edit with the text and a redrawn drawing only: a guest has no files', () => {
    const markup = [
      {
        type: 'ellipse' as const,
        points: [
          { x: 0.2, y: 0.2 },
          { x: 0.4, y: 0.5 },
        ],
        stroke_color: '#1c7ed6',
        stroke_size: 2,
        is_relative: true,
      },
    ];
    expect(guestEditBody({ text: 'Softer', keep: [3], add: [], markup })).toEqual({ text: 'Softer', markup });
    expect(guestEditBody({ text: 'Softer', keep: [], add: [] })).toEqual({ text: 'Softer' });
  });

  it("keep the guest's threads and decision under the shared asset, so the link's stream reads them again", () => {
    expect(guestKeys.comments('h4sh', 3).slice(0, 4)).toEqual(['shared', 'h4sh', 'asset', 3]);
    expect(guestKeys.decision('h4sh', 3).slice(0, 4)).toEqual(['shared', 'h4sh', 'asset', 3]);
    expect(guestKeys.me('h4sh').slice(0, 2)).toEqual(['shared', 'h4sh']);
  });
});
