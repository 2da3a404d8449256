import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CommentText } from './CommentText';

const render = (text: string, meId: number | null = null) =>
  renderToStaticMarkup(createElement(CommentText, { text, meId }));

describe('CommentText', () => {
  it('escapes whatever was typed: markup stays text', () => {
    const html = render('<img src=x onerror="alert(1)"> & <b>bold</b>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
  });

  it('shows mentions as spans with the name, the reader’s own marked', () => {
    const html = render('Hi @[Ann <Lee>](user:5) and @[Bo](user:6)', 6);
    expect(html).toContain('data-testid="comment-mention">@Ann &lt;Lee&gt;</span>');
    expect(html).toMatch(/<span[^>]*data-me="true"[^>]*>@Bo<\/span>/);
    expect(html.match(/data-me=/g)).toHaveLength(1);
  });
});
