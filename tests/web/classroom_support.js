// The classroom's set-up, shared by its test (tests/web/classroom_test.js) and its benchmark
// (scripts/classroom_bench.js): `scanviz-cli serve` on a free port, a teacher's page, students'
// pages (a phone among them) and plain SSE subscribers (node's http, as any EventSource reads
// the channel), and the teacher's steps as key presses.
'use strict';
const { spawn } = require('child_process');
const http = require('http');
const S = require('./page_support.js');
const { sleep, state, waitState, frames } = S;

// `scanviz-cli serve`, its printed lines read: {proc, port, teacher, students, key}.
async function serve(cli, site, port = 0, key = '') {
  const args = ['serve', '--port', String(port), '--bind', '127.0.0.1', '--site', site];
  if (key) args.push('--key', key);
  const proc = spawn(cli, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '', err = '';
  proc.stderr.on('data', (d) => { err += d; });
  const lines = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no port in 20 s: ${out} ${err}`)), 20000);
    proc.stdout.on('data', (d) => {
      out += d;
      if (/^port: \d+/m.test(out) && /^teacher: /m.test(out) && /^students: /m.test(out)) {
        clearTimeout(timer);
        resolve(out);
      }
    });
    proc.on('exit', (code) => { clearTimeout(timer); reject(new Error(`serve exited ${code}: ${err}`)); });
  });
  const teacher = /^teacher: (\S+)/m.exec(lines)[1];
  return { proc, port: +/^port: (\d+)/m.exec(lines)[1], teacher,
    students: /^students: (\S+)/m.exec(lines)[1], key: /key=([^&\s]+)/.exec(teacher)[1],
    stopped: new Promise((r) => proc.on('exit', r)) };
}
async function stop(server) {
  server.proc.kill('SIGTERM');
  await Promise.race([server.stopped, sleep(5000)]);
  if (server.proc.exitCode === null && server.proc.signalCode === null) server.proc.kill('SIGKILL');
}

// A plain SSE subscriber that reconnects as EventSource does (after `retry` ms); it keeps every
// view it was sent with the moment it came: {last: {seq, link}, got: [{seq, link, at}]}.
function subscribe(port) {
  const c = { last: null, got: [], closed: false, connected: false, retry: 1000 };
  // Once per connection, however it ended: the stream's end, a reset (a killed server's streams
  // end with an error, not an end), or a refused connection.
  const again = () => {
    c.connected = false;
    if (!c.closed) setTimeout(connect, c.retry);
  };
  const connect = () => {
    if (c.closed) return;
    let done = false;
    const over = () => { if (!done) { done = true; again(); } };
    const req = http.get({ host: '127.0.0.1', port, path: '/class/events',
      headers: { Accept: 'text/event-stream' } }, (res) => {
      c.connected = res.statusCode === 200;
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        buf += d;
        let end;
        while ((end = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, end);
          buf = buf.slice(end + 2);
          let event = 'message', data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('retry:')) c.retry = +line.slice(6) || c.retry;
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data += line.slice(5).trim();
          }
          if (event === 'view' && data) {
            const v = JSON.parse(data);
            c.last = v;
            c.got.push({ seq: v.seq, link: v.link, at: Date.now() });
          }
        }
      });
      res.on('error', () => {});
      res.on('close', over);
    });
    req.on('error', over);
    req.on('close', () => { if (!req.res) over(); });
    c.req = req;
  };
  connect();
  c.close = () => { c.closed = true; if (c.req) c.req.destroy(); };
  return c;
}

const DESKTOP = { width: 1280, height: 800, deviceScaleFactor: 1 };
const PHONE = { width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

// A page of its own browser context (no settings shared) at url, once the app runs and the page's
// classroom has started (window.scanvizClass).
async function openPage(browser, url, view = DESKTOP) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(view);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(url);
  await waitState(page, (s) => s.kind, 60000);
  await frames(page, 3);
  return page;
}

// What a follower must show of the teacher's view: the kind, its step, the algorithm, the values.
function view(s) {
  return s && JSON.stringify([s.kind, s.step.step, s.step.of, s.algorithm, s.values]);
}
const share = (page) => page.evaluate(() => Module.ccall('scanviz_web_share', 'string', [], []));
const cls = (page) => page.evaluate(() => {
  const c = window.scanvizClass;
  return { following: c.following, connected: c.connected, applied: c.applied, error: c.error,
    published: c.published, seq: c.seq,
    text: document.getElementById('classroom-text').textContent,
    rejoin: !document.getElementById('rejoin').hidden };
});

// The teacher's steps: 50 key presses, each of which changes the view (tests/web/classroom_test.js
// checks it), over the block scans of Hillis-Steele, Blelloch, warp shuffle and Sklansky, the
// multi-block grid and the single-pass timeline.
const STEPS = [
  'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowLeft', 'ArrowLeft', 'End', 'Home',  // Hillis-Steele
  'Tab', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'End', 'ArrowLeft', 'Home',  // Blelloch
  'KeyM', 'ArrowRight', 'ArrowRight', 'ArrowLeft', 'Home', 'End',  // the multi-block grid
  'KeyL', 'ArrowRight', 'ArrowRight', 'ArrowLeft', 'Home', 'End',  // the single-pass timeline
  'KeyL', 'KeyM', 'Tab', 'ArrowRight', 'End', 'ArrowLeft', 'Home',  // warp shuffle's block scan
  'KeyM', 'ArrowLeft', 'Home', 'ArrowRight', 'End',
  'KeyL', 'ArrowRight', 'End', 'ArrowLeft', 'Home',
  'KeyL', 'KeyM', 'Tab', 'ArrowRight', 'End', 'Home',  // Sklansky's
];

// One key press on the teacher's page, as a person's; resolves once the teacher's own view has
// changed (or after `ms`): {before, after} share fragments and the moment of the press.
async function teacherKey(page, key, ms = 3000) {
  const before = await share(page);
  const at = Date.now();
  await page.keyboard.press(key);
  const t0 = Date.now();
  let after = before;
  while (Date.now() - t0 < ms) {
    after = await share(page);
    if (after !== before) break;
    await sleep(10);
  }
  return { before, after, at };
}

module.exports = { serve, stop, subscribe, openPage, view, share, cls, teacherKey, STEPS, DESKTOP,
  PHONE, state, waitState, sleep };
