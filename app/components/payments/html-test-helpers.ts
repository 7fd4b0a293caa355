// Just enough HTML reading for server-rendered markup in node tests, where there is no DOM.

/** The attributes of the first `<tag …>` in the markup: names lower-cased (as HTML reads them), values unescaped. */
export function getAttributes(html: string, tag: string): Record<string, string> {
  const match = new RegExp(`<${tag}(\\s[^>]*)?>`).exec(html);
  if (!match) throw new Error(`No <${tag}> in ${html}`);
  const attributes: Record<string, string> = {};
  for (const [, name = '', value = ''] of (match[1] ?? '').matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) {
    attributes[name.toLowerCase()] = value.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&amp;', '&');
  }
  return attributes;
}

/** Every `<tag …>` in the markup, as attribute maps. */
export function getAllAttributes(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>`, 'g'))].map((match) => getAttributes(match[0], tag));
}

/** The text inside the first `<tag>…</tag>`, without nested tags or React's text separators. */
export function getElementText(html: string, tag: string): string {
  const match = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`).exec(html);
  if (!match) throw new Error(`No <${tag}> in ${html}`);
  return (match[1] ?? '').replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '');
}
