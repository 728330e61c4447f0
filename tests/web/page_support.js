// What the browser tests but web_test.js (layout, embed, links, touch) share with
// web_test.js's ways: a static server on 127.0.0.1, headless Chromium (software WebGL 2), the
// app's state (--state-file's document) and layout dump read from the page, PASS/FAIL lines.
'use strict';
const puppeteer = require('puppeteer-core');
const { execFileSync, spawn, spawnSync } = require('child_process');
const fs = require('fs'), os = require('os'), path = require('path'), net = require('net');

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const tally = { passed: 0, failed: 0 };
function check(name, ok, detail = '') {
  ok ? tally.passed++ : tally.failed++;
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? ': ' + detail : ''}`);
}

function freePort() {
  return new Promise((res) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => res(p)); });
  });
}
async function serve(dir) {
  const port = await freePort();
  const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1',
    '--directory', dir], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    try { if ((await fetch(url)).ok) return { server, url }; } catch (e) { /* not up yet */ }
    await sleep(100);
  }
  throw new Error('the static server did not start');
}

async function launch() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanviz-chromium-'));
  const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true,
    ignoreDefaultArgs: true, args: [...FLAGS, `--user-data-dir=${dir}`, 'about:blank'] });
  browser.scanvizDir = dir;
  return browser;
}
async function close(browser) {
  await browser.close();
  fs.rmSync(browser.scanvizDir, { recursive: true, force: true });
}

// The app's state in a page or a frame (an iframe's), or null before main.
async function state(frame) {
  const text = await frame.evaluate(() =>
    (typeof Module !== 'undefined' && Module.calledRun) ?
      Module.ccall('scanviz_web_state', 'string', [], []) : '');
  return text ? JSON.parse(text) : null;
}
async function waitState(frame, pred, ms = 30000) {
  const t0 = Date.now();
  let s = null;
  while (Date.now() - t0 < ms) {
    s = await state(frame);
    if (s && pred(s)) return s;
    await sleep(50);
  }
  return s;
}
async function frames(frame, n) {
  await frame.evaluate((k) => new Promise((r) => {
    let i = 0; const f = () => (++i >= k ? r() : requestAnimationFrame(f)); requestAnimationFrame(f);
  }), n);
}
async function layout(frame) {
  await frame.evaluate(() => { Module.scanvizLayout = ''; Module.ccall('scanviz_web_request_layout', null, [], []); });
  await frame.waitForFunction(() => Module.scanvizLayout, { timeout: 20000, polling: 50 });
  return JSON.parse(await frame.evaluate(() => Module.scanvizLayout));
}
// A rectangle of the app's (canvas pixels) in CSS pixels of the frame's own viewport.
async function cssRect(frame, r) {
  return frame.evaluate((rr) => {
    const c = document.getElementById('canvas').getBoundingClientRect();
    const k = window.devicePixelRatio;
    return { x: c.left + rr[0] / k, y: c.top + rr[1] / k, w: rr[2] / k, h: rr[3] / k };
  }, r);
}

// A finger's tap at (x, y), CSS pixels of the page: down, held a tenth of a second (a real tap
// lasts several frames; puppeteer's touchscreen.tap lifts within the same one), up.
async function tap(page, x, y) {
  const cdp = page.scanvizCdp || (page.scanvizCdp = await page.createCDPSession());
  const point = [{ x, y, radiusX: 4, radiusY: 4, force: 1, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point });
  await sleep(100);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await sleep(50);
}

// Taps reach the app through app/web/input.js (issue #33 part 1: emscripten's GLFW presses the
// mouse where it last was on touchstart, and the browser's mouse events after the tap come within
// one frame, too soon for a button). A page without it gets a click instead, its halves two
// frames apart, and the test says so once.
async function press(page, frame, x, y) {
  const touch = await frame.evaluate(() => !!document.querySelector('script[src="input.js"]'));
  if (touch) return tap(page, x, y);
  if (!page.scanvizNoted) {
    page.scanvizNoted = true;
    console.log('NOTE no app/web/input.js on this page: taps are mouse clicks here');
  }
  await page.mouse.move(x, y);
  await frames(frame, 2);
  await page.mouse.down();
  await frames(frame, 2);
  await page.mouse.up();
  await frames(frame, 2);
}

// Runs the desktop app (argv) on an X server of its own, which Xvfb picks and names on a pipe
// (-displayfd), and stops it after. xvfb-run does the same but now and then fails to clean up after
// itself and exits 5 over the app's own status (seen on CI).
async function runOnX(argv, screen = '1920x1080') {
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', `${screen}x24`, '-nolisten', 'tcp'],
    { stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const display = await new Promise((resolve, reject) => {
      let text = '';
      xvfb.stdout.on('data', (d) => {
        text += d;
        if (text.includes('\n')) resolve(`:${text.trim()}`);
      });
      xvfb.on('exit', (code) => reject(new Error(`Xvfb exited ${code} before naming its display`)));
    });
    execFileSync(argv[0], argv.slice(1), { env: { ...process.env, DISPLAY: display }, stdio: 'pipe' });
  } finally {
    xvfb.kill();
  }
}

// The texts zbarimg (Debian zbar-tools) reads in `png`, QR codes only, one per code; null when
// there is no zbarimg.
function qrTexts(png) {
  const r = spawnSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', png]);
  if (r.error) return null;
  return r.stdout.toString('utf8').split('\n').filter((l) => l);
}

module.exports = { tap, press, check, tally, serve, launch, close, state, waitState, frames, layout, cssRect,
  sleep, runOnX, qrTexts };
