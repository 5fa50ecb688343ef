import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/**
 * How pg_dump, pg_restore and psql reach the database of `url`: the address without its password
 * on the command line (which other users of the machine can read), the password in the environment.
 */
export const postgresToolEnv = (url: string) => {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { database: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
};

/** The first lines of what a tool said on failure, for the error message. */
const said = (text: string) => text.trim().split('\n').slice(0, 8).join('\n');

/**
 * Runs a PostgreSQL client tool; resolves when it exits 0, rejects with what it wrote to stderr
 * otherwise. `input` is piped to its stdin; `output` takes its stdout.
 */
export const runTool = (command: string, args: string[], env: NodeJS.ProcessEnv, io: { input?: Readable; output?: Writable } = {}) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: [io.input ? 'pipe' : 'ignore', io.output ? 'pipe' : 'ignore', 'pipe'] });
    let errors = '';
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      if (errors.length < 20_000) errors += text;
    });
    if (io.input && child.stdin) io.input.pipe(child.stdin).on('error', () => undefined);
    if (io.output && child.stdout) child.stdout.pipe(io.output);
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error(`找不到 ${command}：请安装 PostgreSQL 客户端工具（主版本不低于数据库服务器）/ ${command} not found on PATH`) : error),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} 失败 / failed (exit ${code}): ${said(errors)}`))));
  });
