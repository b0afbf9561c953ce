// A local stand-in for Twilio's Messages API, for the browser tests: the server under test sends its
// SMS codes here through its real Twilio adapter (SMS_PROVIDER=twilio, TWILIO_API_BASE), and a test
// reads what was sent with GET /messages?to=<E.164>. Nothing leaves the machine.
import http from 'node:http';

const port = Number(process.argv[2] ?? 3171);
const sid = process.argv[3] ?? 'AC00000000000000000000000000e2e000';
/** Every message accepted, oldest first: { to, from, body }. */
const messages = [];

const server = http.createServer((req, res) => {
  const answer = (status, json) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(json));
  };
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
  if (req.method === 'GET' && url.pathname === '/healthz') return answer(200, { ok: true });
  if (req.method === 'GET' && url.pathname === '/messages') {
    const to = url.searchParams.get('to');
    return answer(
      200,
      messages.filter((m) => !to || m.to === to),
    );
  }
  if (req.method !== 'POST' || url.pathname !== `/2010-04-01/Accounts/${sid}/Messages.json`) {
    return answer(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
  }
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    const form = new URLSearchParams(body);
    messages.push({ to: form.get('To'), from: form.get('From'), body: form.get('Body') });
    answer(201, { sid: `SM${String(messages.length).padStart(32, '0')}`, status: 'queued' });
  });
});
server.listen(port, '127.0.0.1');
