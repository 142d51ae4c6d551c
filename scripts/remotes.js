#!/usr/bin/env node
/**
 * Releases of the remotes, from a remote team's CI or a developer's machine, through the server's
 * release API: nothing here writes the server's files or its database.
 *
 *   npm run remotes -- publish <remote>                 build it, upload the build, make it current
 *   npm run remotes -- upload <remote> [--dir <dist>]   upload a build made elsewhere (prints its version)
 *   npm run remotes -- promote <remote> <version>       make an uploaded version current for everyone
 *   npm run remotes -- stage <remote> <version> --admins a@x,b@y | --percent 10
 *                                                       give it to some admins first
 *   npm run remotes -- rollback <remote>                end the stage, or go back to the previous version
 *   npm run remotes -- list [<remote>]                  current, staged, previous and uploaded versions
 *
 * Every command takes `--server <url>` (BACKOFFICE_SERVER; the local server, http://localhost:$PORT,
 * by default) and `--token <deploy token>` (BACKOFFICE_DEPLOY_TOKEN): a token from Setting → Releases
 * that releases one remote. The server checks each upload itself (size, kinds of file, paths, the
 * release gate against the shell it serves) and computes the integrity hashes the shell enforces.
 */
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { pack } = require('tar-stream');
const { REMOTES, RECORD, buildApp, distOf } = require('./builds');

class CliError extends Error {}

/** The value of `--flag value` (or `--flag=value`) in argv, or undefined. */
function flag(argv, name) {
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  return argv[i].includes('=') ? argv[i].slice(argv[i].indexOf('=') + 1) : (argv[i + 1] ?? '');
}

/** argv without the flags and their values. */
function positionals(argv) {
  const out = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i].startsWith('--')) {
      if (!argv[i].includes('=')) i++;
    } else out.push(argv[i]);
  }
  return out;
}

function filesUnder(dir, root = dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name), root) : [path.join(dir, e.name)]))
    .filter((f) => path.basename(f) !== RECORD)
    .sort();
}

/** A build folder as one .tar.gz, as the upload API takes it. */
async function archiveOf(dir) {
  if (!fs.existsSync(path.join(dir, 'mf-manifest.json'))) {
    throw new CliError(`${dir} has no mf-manifest.json: it is not a remote's build (npm run build builds them)`);
  }
  const tar = pack();
  const chunks = [];
  tar.on('data', (c) => chunks.push(c));
  const ended = new Promise((resolve, reject) => {
    tar.on('end', resolve);
    tar.on('error', reject);
  });
  for (const file of filesUnder(dir)) {
    const content = fs.readFileSync(file);
    const name = path.relative(dir, file).split(path.sep).join('/');
    await new Promise((resolve, reject) =>
      tar.entry({ name, size: content.length, mode: 0o644 }, content, (err) => (err ? reject(err) : resolve())),
    );
  }
  tar.finalize();
  await ended;
  return zlib.gzipSync(Buffer.concat(chunks), { level: 9 });
}

/** The server and credential a command talks to, from its flags or the environment. */
function target(argv, env = process.env) {
  const server = (flag(argv, 'server') || env.BACKOFFICE_SERVER || `http://localhost:${env.PORT || 3000}`).replace(
    /\/+$/,
    '',
  );
  const token = flag(argv, 'token') || env.BACKOFFICE_DEPLOY_TOKEN;
  if (!token) {
    throw new CliError(
      `No deploy token: pass --token or set BACKOFFICE_DEPLOY_TOKEN. Create one for the remote in Setting → Releases of ${server}.`,
    );
  }
  return { server, token };
}

/** One call of the release API; its message, or the server's refusal as the error. */
async function call({ server, token }, method, apiPath, { query, body, gzip } = {}) {
  const url = new URL(`/api/v1${apiPath}`, server);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
  let res;
  try {
    res = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(gzip ? { 'content-type': 'application/gzip' } : body ? { 'content-type': 'application/json' } : {}),
      },
      body: gzip ?? (body ? JSON.stringify(body) : undefined),
    });
  } catch (e) {
    throw new CliError(`Cannot reach ${server}: ${e.cause?.code ?? e.message}. Is the server running?`);
  }
  const reply = await res.json().catch(() => ({ message: `${res.status} ${res.statusText}` }));
  if (!res.ok) {
    const fields = reply.errors ? ` (${Object.values(reply.errors).join('; ')})` : '';
    throw new CliError(`${server} refused (${res.status}): ${reply.message}${fields}`);
  }
  return reply;
}

async function upload(to, remote, dir) {
  const archive = await archiveOf(dir);
  const { data, message } = await call(to, 'POST', '/release/upload', { query: { remote }, gzip: archive });
  for (const note of data.gate) console.log(note);
  console.log(
    `${remote} ${data.version}: ${message} (${data.files} files, ${(archive.length / 1024).toFixed(0)} KiB sent)`,
  );
  return data.version;
}

const audienceOf = (staged) => (staged.admins ? staged.admins.join(', ') : `${staged.percent}% of admins`);

function listLines(remotes) {
  return remotes.map((r) => {
    const versions = r.versions
      .map((v) =>
        v.version === r.current
          ? `${v.version} (current)`
          : v.version === r.staged?.version
            ? `${v.version} (staged)`
            : v.version,
      )
      .join(', ');
    return [
      `${r.remote}: ${versions || 'nothing uploaded'}`,
      ...(r.staged ? [`  staged: ${r.staged.version} to ${audienceOf(r.staged)}`] : []),
      ...(r.previous ? [`  previous: ${r.previous}`] : []),
      ...(r.halted ? [`  halted: ${r.halted.version} on ${r.halted.at}: ${r.halted.reason}`] : []),
    ].join('\n');
  });
}

async function main(argv) {
  const [command, remote, version] = positionals(argv);
  const check = () => {
    if (!REMOTES.includes(remote)) throw new CliError(`Unknown remote "${remote ?? ''}"; one of ${REMOTES.join(', ')}`);
  };
  const needVersion = () => {
    if (!version)
      throw new CliError(`Name the version: npm run remotes -- ${command} ${remote} <version> (list shows them)`);
  };
  switch (command) {
    case 'publish': {
      check();
      const to = target(argv);
      await buildApp(remote, 'asked with publish');
      const uploaded = await upload(to, remote, distOf(remote));
      await call(to, 'POST', '/release/promote', { body: { remote, version: uploaded } });
      console.log(`${remote} ${uploaded} published and current`);
      break;
    }
    case 'upload': {
      check();
      await upload(target(argv), remote, path.resolve(flag(argv, 'dir') || distOf(remote)));
      break;
    }
    case 'promote':
      check();
      needVersion();
      await call(target(argv), 'POST', '/release/promote', { body: { remote, version } });
      console.log(`${remote} now serves ${version}`);
      break;
    case 'stage': {
      check();
      needVersion();
      const admins = flag(argv, 'admins');
      const percent = flag(argv, 'percent');
      if ((admins === undefined) === (percent === undefined)) {
        throw new CliError('Stage to either --admins <email,email> or --percent <0-100>');
      }
      if (percent !== undefined && !/^\d+$/.test(percent))
        throw new CliError('--percent takes a whole number from 0 to 100');
      const { data } = await call(target(argv), 'POST', '/release/stage', {
        body: {
          remote,
          version,
          ...(admins !== undefined
            ? {
                admins: admins
                  .split(',')
                  .map((a) => a.trim())
                  .filter(Boolean),
              }
            : { percent: Number(percent) }),
        },
      });
      console.log(`${remote} ${version} staged to ${audienceOf(data.staged)}; others keep ${data.current}`);
      break;
    }
    case 'rollback': {
      check();
      const { data } = await call(target(argv), 'POST', '/release/rollback', { body: { remote } });
      console.log(`${remote} rolled back: everyone serves ${data.current}`);
      break;
    }
    case 'list': {
      const { data } = await call(target(argv), 'GET', '/release/getAll');
      for (const line of listLines(data.remotes.filter((r) => !remote || r.remote === remote))) console.log(line);
      break;
    }
    default:
      console.log(
        'usage: npm run remotes -- publish|upload|promote|stage|rollback|list <remote> [version] [--server <url>] [--token <deploy token>] [--dir <build>] [--admins a@x,b@y | --percent 10]',
      );
      process.exitCode = command ? 1 : 0;
  }
}

module.exports = { main, archiveOf, listLines, CliError };

if (require.main === module) {
  main(process.argv.slice(2)).catch((e) => {
    console.error(e instanceof CliError ? e.message : e.stack);
    process.exit(1);
  });
}
