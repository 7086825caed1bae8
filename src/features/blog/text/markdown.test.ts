import { describe, expect, test } from 'vitest';
import { blogSegments, embedSegment, embeddedProductIds, plainText, safeUrl, type BlogSegment } from './markdown.ts';

const A = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';
const B = '6fa459ea-ee8a-3ca4-894e-db77e160355e';
const C = '16fd2706-8baf-433b-82eb-8c7fada847da';

const html = (markdown: string) =>
  blogSegments(markdown).map((s) => (s.kind === 'html' ? s.html : '')).join('');

describe('blogSegments', () => {
  test('renders ordinary markdown to HTML', () => {
    expect(blogSegments('# Gifts\n\nA **bold** pick.')).toEqual([
      { kind: 'html', html: '<h2>Gifts</h2>\n<p>A <strong>bold</strong> pick.</p>' },
    ]);
  });

  test('with the links checked, a link that leads nowhere shows as its text and the others stay links', () => {
    const gone = (href: string) => href === `/products/${A}`;
    const segments = blogSegments(`## [The *apron*](/products/${A})\n\nSee [the mug](/products/${B}) and - [the apron](/products/${A}).`, { leadsNowhere: gone });
    expect(segments).toEqual([{
      kind: 'html',
      html: `<h2>The <em>apron</em></h2>\n<p>See <a href="/products/${B}">the mug</a> and - the apron.</p>`,
    }]);
    // Unchecked (the admin's preview), every link is kept as written.
    expect(html(`[the apron](/products/${A})`)).toBe(`<p><a href="/products/${A}">the apron</a></p>`);
  });

  test('starts headings at h2, below the article title, and keeps deeper levels', () => {
    expect(html('# One\n\n## Two\n\n### Three\n\n###### Six')).toBe('<h2>One</h2>\n<h2>Two</h2>\n<h3>Three</h3>\n<h6>Six</h6>');
  });

  test('splits out product-embed and three-products tags on their own lines', () => {
    const markdown = [
      'Intro paragraph.',
      `<product-embed productId="${A.toUpperCase()}" title="Our pick" excerpt="Short" description="Long &amp; lovely"></product-embed>`,
      'Middle paragraph.',
      '',
      `<three-products title="Trio" excerpt="Three picks" productid='["${A}","${B}","${C}"]'></three-products>`,
      '',
      'Outro.',
    ].join('\n');
    expect(blogSegments(markdown)).toEqual<BlogSegment[]>([
      { kind: 'html', html: '<p>Intro paragraph.</p>' },
      { kind: 'product', productId: A, title: 'Our pick', excerpt: 'Short', description: 'Long & lovely' },
      { kind: 'html', html: '<p>Middle paragraph.</p>' },
      { kind: 'three-products', productIds: [A, B, C], title: 'Trio', excerpt: 'Three picks' },
      { kind: 'html', html: '<p>Outro.</p>' },
    ]);
  });

  test('a product embed without productId is the error \'Error: No product ID specified\'', () => {
    expect(embedSegment('<product-embed title="Lost"></product-embed>'))
      .toEqual({ kind: 'error', message: 'Error: No product ID specified' });
    expect(embedSegment('<product-embed productId="  " title="Lost"></product-embed>'))
      .toEqual({ kind: 'error', message: 'Error: No product ID specified' });
  });

  test('a three-products tag with invalid JSON is an embed with no ids', () => {
    expect(embedSegment(`<three-products title="T" excerpt="E" productid='["${A}",'></three-products>`))
      .toEqual({ kind: 'three-products', productIds: [], title: 'T', excerpt: 'E' });
    expect(embedSegment(`<three-products title="T" productid='{"id":"${A}"}'></three-products>`))
      .toMatchObject({ productIds: [] });
  });

  test('keeps an embed tag inside a code block as code', () => {
    const markdown = `\`\`\`\n<product-embed productId="${A}"></product-embed>\n\`\`\``;
    expect(blogSegments(markdown)).toEqual([
      { kind: 'html', html: `<pre><code>&lt;product-embed productId=&quot;${A}&quot;&gt;&lt;/product-embed&gt;\n</code></pre>` },
    ]);
  });
});

describe('markdown safety', () => {
  const payloads = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    'Text <img src=x onerror="alert(1)"> inline',
    '<a href="javascript:alert(1)">x</a>',
    '<svg onload=alert(1)></svg>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<div style="background:url(javascript:alert(1))" onmouseover="alert(1)">hover</div>',
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](jav&#x61;script:alert(1))',
    '[x](&#106;avascript:alert(1))',
    '[x](javascript&colon;alert(1))',
    '[x](java&Tab;script:alert(1))',
    '[x](<javascript:alert(1)>)',
    '[x](%6Aavascript:alert(1))',
    '<javascript:alert(1)>',
    '[x][ref]\n\n[ref]: javascript:alert(1)',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '![x](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)',
    '![x" onerror="alert(1)](https://img.example/a.png)',
    '[x](https://shop.example/" onmouseover="alert(1))',
    '[x](vbscript:msgbox(1))',
    '<<script>script>alert(1)<</script>/script>',
  ];

  /** The real elements in the output (escaped text such as &lt;script&gt; is not an element). */
  const elements = (out: string) => out.match(/<[a-z][^>]*>/gi) ?? [];
  const MARKDOWN_ELEMENTS = /^<(p|a|img|strong|em|code|pre|del)[\s>]/i;

  test.each(payloads)('renders %s inert', (payload) => {
    for (const element of elements(html(payload))) {
      expect(element).toMatch(MARKDOWN_ELEMENTS);
      const attributeNames = element.replace(/"[^"]*"/g, '""');
      expect(attributeNames).not.toMatch(/\s(on\w+|style)\s*=/i);
      expect(element).not.toMatch(/(href|src)="(?!(https:\/\/(shop|img)\.example\/|%6Aavascript|"))/i);
    }
  });

  test('shows raw HTML as text and drops HTML comments', () => {
    expect(html('<b onclick="x()">hi</b>')).toBe('<p>&lt;b onclick=&quot;x()&quot;&gt;hi&lt;/b&gt;</p>');
    expect(html('<!-- editor note -->\n\nVisible')).toBe('<p>Visible</p>');
  });

  test('accepts only relative, http, https, irc, ircs, mailto and xmpp URLs', () => {
    for (const url of ['/products/1', 'gift-guide#top', '?page=2', '//cdn.example/x.png', 'http://a.example', 'HTTPS://a.example',
      'irc://irc.example/chan', 'ircs://irc.example', 'mailto:hello@shop.example', 'xmpp:me@chat.example', 'a/b:c']) {
      expect(safeUrl(url)).toBe(url);
    }
    for (const url of ['javascript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x',
      'vbscript:x', 'file:///etc/passwd', 'ftp://files.example', 'jav&#x61;script:x', '\u0001javascript:x']) {
      expect(safeUrl(url)).toBe('');
    }
  });

  test('gives external links rel="noopener noreferrer"', () => {
    expect(html('[Shop](https://retailer.example/item?a=1&b=2 "Buy")'))
      .toBe('<p><a href="https://retailer.example/item?a=1&amp;b=2" title="Buy" target="_blank" rel="noopener noreferrer">Shop</a></p>');
    expect(html('[Mail](mailto:hi@shop.example)')).toBe('<p><a href="mailto:hi@shop.example" rel="noopener noreferrer">Mail</a></p>');
    expect(html('[Guide](/blog)')).toBe('<p><a href="/blog">Guide</a></p>');
    expect(html('[Bad](javascript:alert(1))')).toBe('<p><a href="">Bad</a></p>');
  });
});

describe('embeddedProductIds', () => {
  test('lists ids in order of first appearance, de-duplicated and lower-cased, like public.embedded_product_ids', () => {
    const markdown = [
      `<three-products title="T" productid='["${B}","${A.toUpperCase()}"]'></three-products>`,
      `<product-embed productId="${A}"></product-embed>`,
      `Not an embed: ${C}`,
      `<PRODUCT-EMBED title="x" productId="${C}"></PRODUCT-EMBED>`,
      `<product-embed>${B}</product-embed>`,
    ].join('\n');
    expect(embeddedProductIds(markdown)).toEqual([B, A, C]);
    expect(embeddedProductIds('No embeds here.')).toEqual([]);
  });
});

describe('plainText', () => {
  test('keeps the words a reader sees, without markup, raw HTML, images or embeds', () => {
    const markdown = [
      '# Best *gifts*',
      '',
      'Tom &amp; Jerry\'s [favourite](https://x.example) `mug` \\*really\\*.',
      '',
      '- one',
      '- two',
      '',
      `<product-embed productId="${A}" title="Embedded title"></product-embed>`,
      '![alt words](/a.png) <span>inline</span>',
      '',
      '<div>block html</div>',
    ].join('\n');
    expect(plainText(markdown)).toBe('Best gifts Tom & Jerry\'s favourite mug *really*. one two inline');
  });
});
