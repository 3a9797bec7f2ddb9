/** Values for the `{{ name.path }}` personalisation tokens of an automated e-mail. */
export type MergeValues = Record<string, string | number | boolean | null | undefined>;

const TOKEN = /\{\{\s*([A-Za-z_][\w-]*(?:\.[\w-]+)+)\s*\}\}/g;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Whether an e-mail text is HTML (has a tag), so that it is sent as HTML and values are escaped. */
export function isHtml(content: string): boolean {
  return /<[a-z][^>]*>/i.test(content);
}

/**
 * Replaces `{{ contact.firstname }}`, `{{ giftcard.hash }}`, `{{ custom.x }}`… with their values;
 * an unknown token becomes empty text. In HTML content the values are escaped.
 */
export function renderTemplate(content: string, values: MergeValues, html = isHtml(content)): string {
  return content.replace(TOKEN, (_token, name: string) => {
    const value = values[name];
    const text = value === null || value === undefined ? '' : String(value);
    return html ? text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!) : text;
  });
}

/** Whether content holds the token `{{ name }}` (spacing inside the braces is free). */
export function hasToken(content: string, name: string): boolean {
  return [...content.matchAll(TOKEN)].some((m) => m[1] === name);
}
