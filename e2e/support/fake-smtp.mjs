// A local mail server for the browser tests: the server under test sends its e-mails (codes, notices)
// here through its real SMTP transport (SMTP_URL), and a test reads what arrived, parsed, with
// GET /messages?to=<address> on the HTTP port. Nothing leaves the machine.
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const httpPort = Number(process.argv[2] ?? 3172);
const smtpPort = Number(process.argv[3] ?? 3173);
/** A header's value as it was written (after its name and colon), or null. */
function headerValue(mail, key) {
  const line = mail.headerLines.find((h) => h.key === key)?.line;
  return line ? line.slice(line.indexOf(':') + 1).trim() : null;
}

/** Every message received, oldest first. */
const messages = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  async onData(stream, session, callback) {
    try {
      const mail = await simpleParser(stream);
      messages.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: typeof mail.html === 'string' ? mail.html : '',
        // The raw header lines (RFC 8058), e.g. "List-Unsubscribe: <https://…>".
        listUnsubscribe: headerValue(mail, 'list-unsubscribe'),
        listUnsubscribePost: headerValue(mail, 'list-unsubscribe-post'),
      });
      callback();
    } catch (error) {
      callback(error);
    }
  },
});
smtp.listen(smtpPort, '127.0.0.1');

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${httpPort}`);
  const answer = (status, json) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(json));
  };
  if (req.method === 'GET' && url.pathname === '/healthz') return answer(200, { ok: true });
  if (req.method === 'GET' && url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    return answer(200, to ? messages.filter((m) => m.to.some((a) => a.toLowerCase() === to)) : messages);
  }
  return answer(404, { error: 'not found' });
});
server.listen(httpPort, '127.0.0.1');
