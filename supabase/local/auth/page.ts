/** The shell of the stand-in's few HTML pages (the Google sign-in emulation, mail outbox): plain, readable, no assets. */
import { escapeHtml } from '../http.ts';

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
  body { margin: 0; padding: 2rem 1rem; }
  main { max-width: 46rem; margin: 0 auto; }
  h1 { font-size: 1.6rem; margin: 0 0 .5rem; }
  .note { color: GrayText; }
  .warning { border-left: 4px solid #b26a00; padding: .25rem 0 .25rem 1rem; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  label.inline { display: inline; margin: 0 0 0 .25rem; }
  input[type=checkbox] { width: auto; }
  input { font: inherit; padding: .5rem; width: 100%; box-sizing: border-box; }
  button { font: inherit; padding: .5rem 1.2rem; margin-right: 1rem; cursor: pointer; }
  .actions { margin-top: 1.5rem; display: flex; align-items: center; flex-wrap: wrap; gap: .5rem; }
  [role=alert] { border: 2px solid #b00020; padding: .5rem 1rem; }
  :focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
`;

/** A whole page; `body` must already be escaped HTML. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}
