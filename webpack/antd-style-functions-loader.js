/**
 * antd runs with `zeroRuntime` (ui-kit's ThemeProvider): its components' styles come from the
 * page's stylesheet (antd-styles.js) and antd never calls the functions that write them in
 * JavaScript. They were still in every first screen's scripts (~180 KiB minified across the shell's
 * build), fetched, parsed and compiled for nothing. This loader hands each style hook of antd's
 * style modules (`genStyleHooks`, `genSubStyleComponent`, `genComponentStyleHook`) an empty style
 * function in place of its own, so that the minifier drops the style code. What else those
 * modules export (the component tokens that antd still writes as CSS variables, the hooks
 * themselves) is left as it is.
 */
const acorn = require('acorn');

const STYLE_HOOKS = new Set(['genStyleHooks', 'genSubStyleComponent', 'genComponentStyleHook']);

/** The style function arguments (the second) of every style hook call in `ast`. */
function styleFunctions(ast) {
  const found = [];
  const walk = (node) => {
    if (!node || typeof node.type !== 'string') return;
    const isHook =
      node.type === 'CallExpression' &&
      node.callee.type === 'Identifier' &&
      STYLE_HOOKS.has(node.callee.name) &&
      node.arguments.length > 1;
    if (isHook) found.push(node.arguments[1]);
    for (const [key, value] of Object.entries(node)) {
      // Nothing inside a style function that goes is looked at again.
      if (isHook && key === 'arguments') {
        value.forEach((arg, i) => i !== 1 && walk(arg));
      } else if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') walk(value);
    }
  };
  walk(ast);
  return found;
}

module.exports = function antdStyleFunctionsLoader(source) {
  const ast = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  let out = source;
  // From the end, so that each cut leaves the earlier offsets as they were.
  for (const fn of styleFunctions(ast).sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, fn.start)}() => []${out.slice(fn.end)}`;
  }
  return out;
};
