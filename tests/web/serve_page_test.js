// The page as `scanviz-cli serve` serves it (docs/classroom.md), in headless Chromium: the app
// starts from the server's files (scanviz.wasm compiled as application/wasm, no fallback), the
// browser's own EventSource gets a published view from /class/events, a publish from the page
// without the key gets 403, and after the server is killed and started again on the same port
// the EventSource reconnects by itself and gets the view the teacher publishes again.
// Usage: node serve_page_test.js SITE_DIR SCANVIZ_CLI. Prints PASS/FAIL lines.
'use strict';
const { spawn } = require('child_process');
const readline = require('readline');
const { check, tally, launch, close, waitState } = require('./page_support.js');

const KEY = 'page-test-key-42';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Starts the server; resolves with { proc, port } once it has printed its port line.
function startServer(cli, site, port) {
  const proc = spawn(cli, ['serve', '--port', String(port), '--bind', '127.0.0.1', '--site', site,
    '--key', KEY], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: proc.stdout });
    lines.on('line', (line) => {
      if (line.startsWith('port: ')) resolve({ proc, port: Number(line.slice(6)) });
    });
    proc.on('exit', (code) => reject(new Error(`serve exited ${code} before its port line`)));
  });
}
function stopServer(server) {
  return new Promise((resolve) => { server.proc.on('exit', resolve); server.proc.kill('SIGTERM'); });
}
async function publish(port, link) {
  const r = await fetch(`http://127.0.0.1:${port}/class/publish`,
    { method: 'POST', headers: { 'X-ScanViz-Key': KEY }, body: link });
  return r.status;
}
async function waitFor(page, link, ms) {
  try {
    await page.waitForFunction((l) => window.views.includes(l), { timeout: ms, polling: 50 }, link);
    return true;
  } catch (e) { return false; }
}

(async () => {
  const [site, cli] = process.argv.slice(2);
  let server = await startServer(cli, site, 0);
  const browser = await launch();
  const page = await browser.newPage();
  const messages = [];
  page.on('console', (m) => messages.push(m.text()));
  await page.goto(`http://127.0.0.1:${server.port}/#class`);
  const s = await waitState(page, (st) => st !== null, 60000);
  check('the page starts from the server\'s files', s !== null);
  const fallback = messages.filter((m) => /wasm streaming|application\/wasm|falling back/i.test(m));
  check('scanviz.wasm is compiled as it streams (application/wasm)', fallback.length === 0,
    fallback.join(' | '));
  await page.evaluate(() => {
    window.views = [];
    window.stream = new EventSource('/class/events');
    window.stream.addEventListener('view', (e) => window.views.push(JSON.parse(e.data).link));
  });
  await sleep(300);
  check('a publish with the key is 204', (await publish(server.port, 's=page-first')) === 204);
  check('the page\'s EventSource gets the view', await waitFor(page, 's=page-first', 3000));
  const status = await page.evaluate(async () =>
    (await fetch('/class/publish', { method: 'POST', body: 's=student' })).status);
  check('a publish from a student\'s page (no key) is 403', status === 403, String(status));
  const port = server.port;
  await stopServer(server);
  server = await startServer(cli, site, port);
  await sleep(200);
  await publish(port, 's=page-after-restart');
  check('after a restart the EventSource reconnects and gets the re-published view',
    await waitFor(page, 's=page-after-restart', 5000),
    JSON.stringify(await page.evaluate(() => window.views)));
  await close(browser);
  await stopServer(server);
  console.log(`${tally.passed} passed, ${tally.failed} failed`);
  process.exit(tally.failed ? 1 : 0);
})().catch((e) => { console.log(`FAIL ${e.stack}`); process.exit(1); });
