import { SMTPServer } from 'smtp-server';

/** A real SMTP peer on `port`, counting each message it accepts by its subject. */
export async function smtpPeer(port: number): Promise<{ received: Map<string, number>; close(): Promise<void> }> {
  const received = new Map<string, number>();
  const server = new SMTPServer({
    // plain SMTP on localhost: no STARTTLS (its self-signed certificate), no login
    disabledCommands: ['STARTTLS', 'AUTH'],
    // no DNS lookup of 127.0.0.1 for every connection
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, done) {
      let data = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (data += chunk));
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/m.exec(data)?.[1]?.trim() ?? '';
        received.set(subject, (received.get(subject) ?? 0) + 1);
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
