// Reading the integration token for `accounts add`: SHOWROOM_TOKEN, or standard input (piped, or
// typed at a prompt that does not echo it). Never from a command-line argument: those end up in
// shell history and process lists.
import type { Io } from './io';

async function readAll(stream: Io['stdin']): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** Prompts on stderr and reads one line from a terminal without echoing it. */
function promptHidden(io: Io, question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = io.stdin;
    io.stderr.write(question);
    stdin.setRawMode?.(true);
    stdin.resume();
    let text = '';
    const done = (error?: Error) => {
      stdin.setRawMode?.(false);
      stdin.pause();
      stdin.off('data', onData);
      io.stderr.write('\n');
      if (error) reject(error);
      else resolve(text);
    };
    const onData = (data: Buffer | string): void => {
      for (const ch of data.toString('utf8')) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return done();
        if (ch === '\u0003') return done(Object.assign(new Error('cancelled'), { name: 'AbortError' }));
        if (ch === '\u007f' || ch === '\b') text = text.slice(0, -1);
        else text += ch;
      }
    };
    stdin.on('data', onData);
  });
}

/** `prompt`: the question at a terminal, in the dealer's language. */
export async function readToken(io: Io, envToken: string | undefined, fromStdin: boolean, prompt: string): Promise<string | undefined> {
  if (fromStdin) {
    if (io.stdin.isTTY) return (await promptHidden(io, prompt)).trim();
    return (await readAll(io.stdin)).trim();
  }
  if (envToken) return envToken;
  if (io.stdin.isTTY) return (await promptHidden(io, prompt)).trim();
  const piped = (await readAll(io.stdin)).trim();
  return piped === '' ? undefined : piped;
}
