/**
 * antd's styles as one static stylesheet, for ui-kit's ThemeProvider, which runs antd with
 * `zeroRuntime` (no CSS-in-JS at run time). antd 6 ships every component's styles, written against
 * its CSS variables, in `antd/dist/antd.css`; the theme's values (ours, light or dark) are still
 * written at run time as those variables, so the file does not depend on the theme.
 *
 * At run time antd serialised the styles of every component the first screen drew, in JavaScript,
 * before it could paint: the largest block of main-thread work left on the cold Fans load after
 * the bytes went (`npm run bench:bundle -- --baseline`). The whole file is 1 MB (110 KiB gzip), most
 * of it components no screen uses (date pickers, tables, uploads, trees, steps…), so the build
 * keeps the rules of the components ui-kit hands out and drops the rest.
 */
const fs = require('node:fs');
const crypto = require('node:crypto');
const path = require('node:path');
const postcss = require('postcss');

// Found from antd's package.json: under jest a request for a .css file resolves to a stub.
const ANTD_DIR = path.dirname(require.resolve('antd/package.json'));
const ANTD_CSS = path.join(ANTD_DIR, 'dist', 'antd.css');
const ANTD_VERSION = JSON.parse(fs.readFileSync(path.join(ANTD_DIR, 'package.json'), 'utf8')).version;

/**
 * antd's class prefixes (`.ant-<prefix>…`) the screens can draw: the components of ui-kit's two antd
 * entries (packages/ui-kit/src/antd.ts, antd-on-demand.ts), what those draw inside them (a menu's
 * tooltip when collapsed, a badge's scroll number, a select's empty state, the button's wave), and
 * the motions they animate with. A component added to either entry needs its prefix here:
 * e2e/accessibility.e2e.ts fails on any screen that draws an antd class this file would style and
 * the stylesheet does not.
 */
const ANTD_PREFIXES = [
  // ./antd
  'alert',
  'btn',
  'flex',
  'input',
  'space',
  'spin',
  'typography',
  'badge',
  'scroll',
  'ribbon',
  'row',
  'col',
  'dropdown',
  'layout',
  'menu',
  'tooltip',
  'switch',
  'tag',
  // ./antd-on-demand
  'avatar',
  'checkbox',
  'descriptions',
  'form',
  'modal',
  'segmented',
  'select',
  'empty',
  'tabs',
  'notification',
  // What every component shares: the click wave and the motions.
  'wave',
  'motion',
  'fade',
  'move',
  'slide',
  'zoom',
];

const ANT_CLASS = /\.ant-([a-z]+)/g;

/** The antd classes (`ant-btn-primary`…) that `css` styles: what the browser test holds the page to. */
const antdClassesIn = (css) => new Set(Array.from(css.matchAll(/\.(ant-[\w-]+)/g), (m) => m[1]));

/** The component prefixes (`btn`, `menu`…) that `css` styles. */
const antdPrefixesIn = (css) => new Set(Array.from(css.matchAll(ANT_CLASS), (m) => m[1]));

/** Whether a selector styles only the kept components (or none: the resets, icons, keyframes' steps). */
function kept(selector, prefixes) {
  for (const m of selector.matchAll(ANT_CLASS)) if (!prefixes.has(m[1])) return false;
  // antd's own default theme variables, under the class names of the build that wrote the file:
  // the page's are written at run time under its own.
  return !/^\.css-var-/.test(selector);
}

/** Removes the @media and other group rules that the cuts left with nothing in them. */
function dropEmptyGroups(root) {
  root.walkAtRules((at) => {
    if (at.nodes && at.nodes.length === 0) at.remove();
  });
}

/** The subset of antd.css that styles `prefixes`' components, minified as antd ships it. */
function antdStylesheet(prefixes = ANTD_PREFIXES) {
  const keep = new Set(prefixes);
  const root = postcss.parse(fs.readFileSync(ANTD_CSS, 'utf8'));
  root.walkRules((rule) => {
    // A keyframe's steps (from, 50%) stay with their @keyframes: every one is kept, ~3 KiB.
    if (rule.parent?.type === 'atrule' && /keyframes$/.test(rule.parent.name)) return;
    const selectors = rule.selectors.filter((s) => kept(s, keep));
    if (selectors.length === 0) rule.remove();
    else if (selectors.length !== rule.selectors.length) rule.selectors = selectors;
  });
  dropEmptyGroups(root);
  return root.toString();
}

/**
 * The stylesheet's rules that declare one of `properties`, for the unit tests' jsdom
 * (test-support/setup-dom.ts), kept in node_modules/.cache: parsing the whole file in every test
 * file would cost each of them ~150 ms.
 */
function antdRulesDeclaring(properties) {
  const key = crypto
    .createHash('sha256')
    .update(`${ANTD_VERSION}\n${fs.readFileSync(path.join(__dirname, 'antd-styles.js'))}\n${[...properties].join(',')}`)
    .digest('hex')
    .slice(0, 16);
  const file = path.join(__dirname, '..', 'node_modules', '.cache', 'antd-styles', `${key}.css`);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  const root = postcss.parse(antdStylesheet());
  // Each rule with only those declarations: a property's cascade involves only the rules that
  // declare it, and jsdom applies every declaration of every rule that matches.
  root.walkDecls((d) => {
    if (!properties.has(d.prop)) d.remove();
  });
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
  root.walkAtRules((at) => {
    if (/keyframes$/.test(at.name)) at.remove();
  });
  dropEmptyGroups(root);
  const css = root.toString();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written aside and renamed: two test workers may make it at once.
  const tmp = `${file}.${process.pid}`;
  fs.writeFileSync(tmp, css);
  fs.renameSync(tmp, file);
  return css;
}

/** The stylesheet as a build asset: its name carries its content's hash, so it is cached for good. */
function antdStylesheetAsset() {
  const css = antdStylesheet();
  const hash = crypto.createHash('sha256').update(css).digest('hex').slice(0, 10);
  return { name: `antd.${hash}.css`, css };
}

module.exports = {
  ANTD_CSS,
  ANTD_PREFIXES,
  antdClassesIn,
  antdPrefixesIn,
  antdStylesheet,
  antdStylesheetAsset,
  antdRulesDeclaring,
};
