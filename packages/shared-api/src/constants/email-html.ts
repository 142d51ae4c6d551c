/**
 * The HTML an email template may hold: one allow-list, which the server's sanitiser (sanitize-html,
 * before a template is stored) and the editor's preview (DOMPurify, in the browser) are both
 * configured from, so that the preview never shows what saving would take out.
 */

const BLOCKS = ['p', 'div', 'span', 'blockquote', 'center', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'code'];
const TABLES = ['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th'];

export const EMAIL_HTML = {
  /**
   * Text formatting, links, images and the tables email layouts are built of, all styled inline.
   * No <style> element: its CSS cannot be filtered declaration by declaration, and most email
   * clients drop it anyway. No <form>: mail clients disable forms.
   */
  tags: [
    'html',
    'head',
    'title',
    'meta',
    'body',
    ...BLOCKS,
    'br',
    'hr',
    'a',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'img',
    ...TABLES,
  ],
  /** The attributes each tag may carry; '*' lists those every allowed tag may. */
  attributes: {
    '*': ['style', 'align', 'dir', 'lang', 'title'],
    a: ['href', 'target'],
    img: ['src', 'alt', 'width', 'height', 'border'],
    meta: ['charset', 'name', 'content'],
    table: ['width', 'height', 'border', 'cellpadding', 'cellspacing', 'bgcolor', 'role'],
    td: ['width', 'height', 'bgcolor', 'valign', 'colspan', 'rowspan'],
    th: ['width', 'height', 'bgcolor', 'valign', 'colspan', 'rowspan', 'scope'],
    tr: ['bgcolor', 'valign'],
    col: ['width', 'span'],
    colgroup: ['width', 'span'],
    ol: ['start', 'type'],
    ul: ['type'],
  } as Readonly<Record<string, readonly string[]>>,
  /** Attributes held to a few values. */
  attributeValues: { a: { target: ['_blank', '_self'] } } as Readonly<
    Record<string, Readonly<Record<string, readonly string[]>>>
  >,
  /** The attributes that hold a URL, checked against the schemes below. */
  urlAttributes: ['href', 'src', 'cite'],
  /** The URL schemes each tag may use; '*' for every tag without its own list. */
  schemes: {
    '*': ['http', 'https', 'mailto', 'tel'],
    img: ['http', 'https', 'data'],
  } as Readonly<Record<string, readonly string[]>>,
  /** Images inlined as data: URLs; an SVG can carry script, so it is not one of them. */
  dataImage: /^data:image\/(?:png|gif|jpe?g|webp|bmp)[;,]/i,
  /** The CSS properties a style attribute may set. */
  styleProperties: [
    'background',
    'background-color',
    'border',
    'border-top',
    'border-right',
    'border-bottom',
    'border-left',
    'border-color',
    'border-style',
    'border-width',
    'border-radius',
    'border-collapse',
    'border-spacing',
    'color',
    'direction',
    'display',
    'font',
    'font-family',
    'font-size',
    'font-style',
    'font-weight',
    'height',
    'letter-spacing',
    'line-height',
    'list-style-type',
    'margin',
    'margin-top',
    'margin-right',
    'margin-bottom',
    'margin-left',
    'max-width',
    'min-width',
    'max-height',
    'min-height',
    'padding',
    'padding-top',
    'padding-right',
    'padding-bottom',
    'padding-left',
    'table-layout',
    'text-align',
    'text-decoration',
    'text-indent',
    'text-transform',
    'vertical-align',
    'white-space',
    'width',
    'word-break',
    'word-wrap',
    'overflow-wrap',
  ],
  /**
   * A style value of words, numbers, colours, lengths, quoted font names and rgb()/hsl()/calc():
   * no other function, so no url(...) or expression(...), no backslash escapes and no ":" or ";".
   */
  styleValue: /^(?:[-\w\s#%.,'"/!+]|(?:rgba?|hsla?|calc)\([-\w\s#%.,/+*]*\))*$/i,
  /**
   * Elements that go with their content: code, form state or markup that is never shown. Any other
   * element outside the allow-list goes alone and leaves its text (a <form>'s paragraphs stay).
   */
  droppedWithContent: [
    'script',
    'style',
    'textarea',
    'option',
    'xmp',
    'iframe',
    'noembed',
    'noframes',
    'noscript',
    'template',
  ],
} as const;
