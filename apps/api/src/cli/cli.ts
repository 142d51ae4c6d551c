/** What the operator's commands (admin, backup, restore) share. */

/** What a command says when it stops: the message, and the exit status. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/**
 * Where a relative file name given to `npm run <script>` is taken from: npm runs a workspace's script
 * in that workspace's folder, and says in INIT_CWD where the command was typed (the repository's root
 * when the root's script ran this one: npm sets it again for the inner `npm run -w`).
 */
export const whereRun = (script: string) =>
  process.env.npm_lifecycle_event === script && process.env.INIT_CWD ? process.env.INIT_CWD : process.cwd();
