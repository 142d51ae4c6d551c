const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { chooseChromium, isExecutableFile } = require('./chromium');

const machine = (...files) => ({ exists: (f) => files.includes(f) });

test('CHROMIUM_PATH comes first, even where Debian has its Chromium', () => {
  expect(
    chooseChromium({ env: { CHROMIUM_PATH: '/opt/chrome' }, ...machine('/opt/chrome', '/usr/bin/chromium') }),
  ).toEqual({ source: 'CHROMIUM_PATH', executablePath: '/opt/chrome' });
});

test('a CHROMIUM_PATH that is no executable file is an error naming it, not a silent fallback', () => {
  expect(() => chooseChromium({ env: { CHROMIUM_PATH: '/opt/none' }, ...machine('/usr/bin/chromium') })).toThrow(
    'CHROMIUM_PATH is /opt/none, which is not an executable file',
  );
});

test('the one that came with npm install, even where Debian has its Chromium (what a fresh machine runs)', () => {
  expect(chooseChromium({ env: {}, ...machine('/usr/bin/chromium') })).toEqual({ source: 'packaged' });
  expect(chooseChromium({ env: {}, ...machine() })).toEqual({ source: 'packaged' });
});

test('a browser hidden by binding /dev/null over it, or without its execute bit, counts as absent', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-chromium-'));
  try {
    const program = path.join(dir, 'chromium');
    fs.writeFileSync(program, '#!/bin/sh\n', { mode: 0o755 });
    expect(isExecutableFile(program)).toBe(true);
    fs.chmodSync(program, 0o644);
    expect(isExecutableFile(program)).toBe(false);
    expect(isExecutableFile('/dev/null')).toBe(false);
    expect(isExecutableFile(path.join(dir, 'missing'))).toBe(false);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
