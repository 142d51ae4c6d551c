const fs = require('node:fs');
const path = require('node:path');
const { ANTD_CSS, ANTD_PREFIXES, antdPrefixesIn, antdStylesheet } = require('./antd-styles');
const loader = require('./antd-style-functions-loader');

const ANTD_ES = path.join(path.dirname(require.resolve('antd/package.json')), 'es');

describe("antd's stylesheet, cut to ui-kit's components", () => {
  const css = antdStylesheet();
  const classes = antdPrefixesIn(css);

  it('styles every component it names (a misspelt prefix would leave its component unstyled)', () => {
    expect(ANTD_PREFIXES.filter((p) => !classes.has(p))).toEqual([]);
  });

  it('leaves out the components no screen draws', () => {
    expect(css).toContain('.ant-btn');
    expect(css).toContain('.ant-menu');
    for (const absent of ['picker', 'table', 'upload', 'tree', 'steps', 'cascader'])
      expect(classes.has(absent)).toBe(false);
    expect(css.length).toBeLessThan(fs.statSync(ANTD_CSS).size / 2);
  });
});

describe("the loader that drops antd's style functions", () => {
  it('gives each style hook an empty style function and keeps what else the module exports', () => {
    const source = fs.readFileSync(path.join(ANTD_ES, 'tag', 'style', 'index.js'), 'utf8');
    const out = loader(source);
    expect(out).toContain("genStyleHooks('Tag', () => [], prepareComponentToken)");
    expect(out).toContain('export const prepareComponentToken');
    expect(out).toContain('export const prepareToken');
  });

  it('cuts a sub-style component and a component style hook alike', () => {
    const sub = loader(fs.readFileSync(path.join(ANTD_ES, 'tag', 'style', 'presetCmp.js'), 'utf8'));
    expect(sub).toMatch(/genSubStyleComponent\(\['Tag', 'preset'\], \(\) => \[\]/);
    const wave = loader(fs.readFileSync(path.join(ANTD_ES, '_util', 'wave', 'style.js'), 'utf8'));
    expect(wave).toContain("genComponentStyleHook('Wave', () => [])");
  });

  it('leaves a module without style hooks as it is', () => {
    const source = fs.readFileSync(path.join(ANTD_ES, 'style', 'index.js'), 'utf8');
    expect(loader(source)).toBe(source);
  });
});
