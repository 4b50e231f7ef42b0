// Markdown for owner-edited pages, rendered safely: markdown-it with raw HTML off (tags are shown
// as text, never parsed), its link check (no javascript:, vbscript:, file: or data: links but
// images), and external links opened with rel="noopener noreferrer nofollow".
import MarkdownIt from "markdown-it";

const md = new MarkdownIt({ html: false, linkify: true, typographer: true, breaks: false });

const defaultLinkOpen =
  md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx].attrGet("href") ?? "");
  if (/^https?:\/\//i.test(href)) tokens[idx].attrSet("rel", "noopener noreferrer nofollow");
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** HTML for a Markdown text; safe to insert into a page as is. */
export function renderMarkdown(source: string): string {
  return md.render(source);
}
