#!/usr/bin/env node
/**
 * The exported surface of each shared package, per entry point (its package.json `exports`), with
 * each name's kind and signature (a value's type, an interface's members, an alias's expansion):
 * what a remote built against the package may call, as API Extractor's report records it. It is committed beside the
 * package as api-report.json, at the package's version and at the own versions of its singleton
 * entries (`federation.singletons`, shared under their own keys); the tooling test fails when an
 * entry's surface differs from the report while the version that governs it is still the one
 * recorded, because remotes decide from the version alone whether the shell's copy can serve them.
 *
 *   node scripts/api-report.js        rewrite the reports (npm run api-report), after bumping the version
 */
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '..');
const PACKAGES = ['packages/shared-api', 'packages/ui-kit'];
const REPORT = 'api-report.json';

function kindOf(checker, symbol) {
  const s = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const f = s.flags;
  const kinds = [];
  if (f & ts.SymbolFlags.Class) kinds.push('class');
  else if (f & ts.SymbolFlags.Function) kinds.push('function');
  else if (f & ts.SymbolFlags.Enum) kinds.push('enum');
  else if (f & ts.SymbolFlags.Variable) kinds.push('variable');
  if (f & ts.SymbolFlags.Interface) kinds.push('interface');
  if (f & ts.SymbolFlags.TypeAlias) kinds.push('type');
  if (f & (ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule)) kinds.push('namespace');
  return kinds.join('+') || 'unknown';
}

const crypto = require('node:crypto');

/** Longer type texts (the contract's schema types) are recorded by their hash. */
const MAX_SIGNATURE = 600;

/**
 * What a caller relies on besides the name: a value's type, an interface's or object type's members
 * with theirs, a type alias's expansion. A changed parameter, prop or field is a changed surface.
 */
function signatureOf(checker, symbol) {
  const s = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const decl = s.valueDeclaration || s.declarations?.[0];
  if (!decl) return '';
  const text = (type, flags = 0) =>
    checker.typeToString(type, decl, ts.TypeFormatFlags.NoTruncation | flags).replace(/\s+/g, ' ');
  const parts = [];
  if (s.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable | ts.SymbolFlags.Class | ts.SymbolFlags.Enum)) {
    parts.push(text(checker.getTypeOfSymbolAtLocation(s, decl)));
  }
  if (s.flags & ts.SymbolFlags.Class) {
    const instance = checker.getDeclaredTypeOfSymbol(s);
    parts.push(
      `{ ${checker
        .getPropertiesOfType(instance)
        .map((p) => `${p.name}: ${text(checker.getTypeOfSymbolAtLocation(p, decl))}`)
        .join('; ')} }`,
    );
  }
  if (s.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) {
    const type = checker.getDeclaredTypeOfSymbol(s);
    if (s.flags & ts.SymbolFlags.Interface) {
      const members = checker.getPropertiesOfType(type).map((p) => {
        const optional = p.flags & ts.SymbolFlags.Optional ? '?' : '';
        return `${p.name}${optional}: ${text(checker.getTypeOfSymbolAtLocation(p, decl))}`;
      });
      parts.push(`{ ${members.join('; ')} }`);
    } else {
      parts.push(text(type, ts.TypeFormatFlags.InTypeAlias));
    }
  }
  const signature = parts.join(' & ');
  return signature.length > MAX_SIGNATURE
    ? `sha256:${crypto.createHash('sha256').update(signature).digest('hex').slice(0, 16)} (${signature.length} chars)`
    : signature;
}

/** The report's line for a name: its kind, then what it relies on (see signatureOf). */
const reportLineOf = (checker, s) => [kindOf(checker, s), signatureOf(checker, s)].filter(Boolean).join(' ');
const kindIn = (line) => line.split(' ')[0];

/**
 * `{ name, version, singletons: { './runtime': '1.0.0' }, entryPoints: { '.': { Name: kind, … }, … } }`,
 * names sorted.
 */
function surfaceOf(dir) {
  const pkgDir = path.resolve(ROOT, dir);
  const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const exportsMap = pkg.exports || { '.': pkg.main };
  const entries = Object.keys(exportsMap).sort();
  const files = entries.map((e) => path.join(pkgDir, exportsMap[e]));
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(pkgDir, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  );
  const program = ts.createProgram(files, { ...(config?.options || {}), noEmit: true });
  const checker = program.getTypeChecker();
  const entryPoints = {};
  entries.forEach((entry, i) => {
    const source = program.getSourceFile(files[i]);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${pkg.name}: cannot read the entry point ${entry} (${files[i]})`);
    const names = checker
      .getExportsOfModule(module)
      .map((s) => [s.getName(), reportLineOf(checker, s)])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    entryPoints[entry] = Object.fromEntries(names);
  });
  return { name: pkg.name, version: pkg.version, singletons: pkg.federation?.singletons || {}, entryPoints };
}

const reportPath = (dir) => path.resolve(ROOT, dir, REPORT);

function readReport(dir) {
  return JSON.parse(fs.readFileSync(reportPath(dir), 'utf8'));
}

/** The version a remote reads for an entry: a singleton entry's own, else the package's. */
const versionOf = (surface, entry) => surface.singletons?.[entry] ?? surface.version;

/** What changed between a recorded surface and the current one, one line per name. */
function differences(recorded, current, only) {
  const lines = [];
  const entries = new Set([...Object.keys(recorded.entryPoints), ...Object.keys(current.entryPoints)]);
  for (const entry of [...entries].sort()) {
    if (only && !only(entry)) continue;
    const before = recorded.entryPoints[entry] || {};
    const after = current.entryPoints[entry] || {};
    for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (!(name in after)) lines.push(`${entry}: removed ${name} (${kindIn(before[name])})`);
      else if (!(name in before)) lines.push(`${entry}: added ${name} (${kindIn(after[name])})`);
      else if (kindIn(before[name]) !== kindIn(after[name])) {
        lines.push(`${entry}: ${name} was ${kindIn(before[name])}, is ${kindIn(after[name])}`);
      } else if (before[name] !== after[name]) {
        const cut = (line) => (line.length > 160 ? `${line.slice(0, 157)}…` : line);
        lines.push(
          `${entry}: ${name} changed (${kindIn(after[name])}): was ${cut(before[name])}, is ${cut(after[name])}`,
        );
      }
    }
  }
  return lines.sort();
}

function writeReport(dir) {
  const surface = surfaceOf(dir);
  fs.writeFileSync(reportPath(dir), `${JSON.stringify(surface, null, 2)}\n`);
  return surface;
}

/**
 * Why the package's committed report does not hold its current surface, or null. A surface change
 * at the recorded version is the failure that matters: a remote built against it would be served
 * the shell's older copy of the same version.
 */
function problemOf(dir) {
  const current = surfaceOf(dir);
  let recorded;
  try {
    recorded = readReport(dir);
  } catch {
    return `${current.name} has no ${REPORT}: run \`npm run api-report\` and commit it`;
  }
  const changes = differences(recorded, current);
  // A change is covered when the version governing its entry moved; the rest must be bumped.
  const unbumped = (entry) => versionOf(recorded, entry) === versionOf(current, entry);
  const stale = differences(recorded, current, unbumped);
  if (stale.length) {
    const staleEntries = [...new Set(stale.map((line) => line.split(':')[0]))];
    const singletons = staleEntries.filter((e) => e in current.singletons);
    const headline =
      singletons.length === staleEntries.length
        ? `${current.name}'s singleton entry ${singletons.join(', ')} changed but its version is still ${singletons.map((e) => current.singletons[e]).join(', ')}:`
        : `${current.name}'s exported surface changed but its version is still ${current.version}:`;
    return [
      headline,
      ...stale.map((c) => `  ${c}`),
      `Bump the version in ${dir}/package.json (minor for an addition, major for a removal or a change)` +
        (singletons.length
          ? `, and federation.singletons' version of ${singletons.join(', ')} (a singleton: the shell must be released first),`
          : ','),
      'then run `npm run api-report` and commit the report with the change.',
    ].join('\n');
  }
  const moved = Object.keys({ ...recorded.singletons, ...current.singletons }).some(
    (e) => recorded.singletons?.[e] !== current.singletons[e],
  );
  if (changes.length || current.version !== recorded.version || moved) {
    return `${dir}/${REPORT} records ${recorded.version}, the package is ${current.version}: run \`npm run api-report\` and commit it`;
  }
  return null;
}

module.exports = { PACKAGES, surfaceOf, readReport, differences, writeReport, problemOf };

if (require.main === module) {
  for (const dir of PACKAGES) {
    const s = writeReport(dir);
    console.log(`${dir}/${REPORT}: ${s.name} ${s.version}`);
  }
}
