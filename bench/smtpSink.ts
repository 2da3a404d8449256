import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server in a process of its own (the benchmark's sender does not share its CPU
 * time with it): accepts every message, counts them and their bytes, keeps none. Tells its port
 * on start; answers 'count' with what it received.
 */
let messages = 0;
let bytes = 0;
const server = new SMTPServer({
  authOptional: true,
  hideSTARTTLS: true,
  disableReverseLookup: true,
  logger: false,
  maxClients: 1000,
  onData(stream, _session, callback) {
    stream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    stream.on('end', () => {
      messages += 1;
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => {
  const address = server.server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', (message) => {
  if (message === 'count') process.send?.({ messages, bytes });
  if (message === 'stop') server.close(() => process.exit(0));
});
