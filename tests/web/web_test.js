// The web page in headless Chromium (Debian's /usr/bin/chromium, software WebGL 2 through
// SwiftShader), driven with puppeteer-core; the site is served from 127.0.0.1 by this test.
// Checks: the chapters' example draws the same cells as the desktop app's --dump-layout; the
// arrow keys step; F11 enters fullscreen and leaves it; a share link opens the same view in a
// fresh page, and so does pasting it (File > Open link from clipboard); a trace file opens through
// the file picker; Ctrl+S downloads a PNG that decodes; Export every step downloads a GIF with a
// frame a step and the rounds as one .zip; a bad link says why and the example shows.
// Screenshots go to OUT (look at them). Usage: node web_test.js SITE_DIR NATIVE_SCANVIZ OUT_DIR
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs'), path = require('path');
// The server, the browser, the app's state and layout, PASS/FAIL: shared with the other browser tests.
const S = require('./page_support.js');
const { check, serve, state, waitState, frames, layout, sleep } = S;
const zlib = require('zlib');

const [SITE, NATIVE, OUT] = process.argv.slice(2);
const ROOT = path.resolve(__dirname, '..', '..');
const VIEW = { width: 1280, height: 800, deviceScaleFactor: 1 };


// The app's state, as --state-file writes it (app/platform/state_json.cpp), or null before main.
// A widget's centre (state json's widgets, in canvas pixels) in page coordinates.
async function clickWidget(page, name) {
  const s = await state(page);
  const r = s.widgets[name];
  if (!r) throw new Error('no widget ' + name);
  const top = await page.evaluate(() => document.getElementById('canvas').getBoundingClientRect().top);
  await page.mouse.click(r[0] + r[2] / 2, top + r[1] + r[3] / 2);
  await frames(page, 3);
}
async function menuItem(page, item) {
  await clickWidget(page, 'menu.file');
  await waitState(page, (s) => s.widgets[item]);
  await clickWidget(page, item);
}

async function openPage(browser, hash = '') {
  const context = await browser.createBrowserContext();  // fresh: no settings from before
  const page = await context.newPage();
  await page.setViewport(VIEW);
  page.errors = [];
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(page.base + hash);
  return page;
}

const cellKey = (c) => `${c.algorithm}/${c.round}/${c.buffer}/${c.pos}`;
function compareCells(web, native) {
  if (web.length !== native.length) return `${web.length} cells on the page, ${native.length} natively`;
  const byKey = new Map(native.map((c) => [cellKey(c), c]));
  for (const w of web) {
    const n = byKey.get(cellKey(w));
    if (!n) return `the page's cell ${cellKey(w)} is not drawn natively`;
    for (const f of ['class', 'text', 'style', 'hs_case']) {
      if (JSON.stringify(w[f]) !== JSON.stringify(n[f])) return `${cellKey(w)} ${f}: ${w[f]} vs ${n[f]}`;
    }
    if (w.rect.some((v, i) => Math.abs(v - n.rect[i]) > 1)) return `${cellKey(w)} rect ${w.rect} vs ${n.rect}`;
    if (w.fill.some((v, i) => Math.abs(v - n.fill[i]) > 1)) return `${cellKey(w)} fill ${w.fill} vs ${n.fill}`;
  }
  return '';
}

// A PNG's size, its pixels inflated and unfiltered row by row (filter bytes checked).
function decodePng(buf) {
  if (buf.slice(0, 8).toString('hex') !== '89504e470d0a1a0a') return null;
  let pos = 8, w = 0, h = 0, channels = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos), type = buf.toString('ascii', pos + 4, pos + 8);
    const data = buf.slice(pos + 8, pos + 8 + len);
    if (type === 'IHDR') { w = data.readUInt32BE(0); h = data.readUInt32BE(4); channels = { 2: 3, 6: 4 }[data[9]]; }
    if (type === 'IDAT') idat.push(data);
    pos += 12 + len;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  if (!channels || raw.length !== h * (1 + w * channels)) return null;
  for (let y = 0; y < h; y++) if (raw[y * (1 + w * channels)] > 4) return null;
  return { w, h, channels };
}

async function testExample(browser, page) {
  const s = await waitState(page, (x) => x.kind);
  check('the page starts on the chapters\' example', s && s.kind === 'block-scan' &&
    JSON.stringify(s.values) === '[3,1,7,0,4,1,6,3]', s ? `${s.kind} ${JSON.stringify(s.values)}` : 'no state');
  await frames(page, 5);
  const web = await layout(page);
  const nativeJson = path.join(OUT, 'native-example.json');
  await S.runOnX([NATIVE, '--size', `${web.width}x${web.height}`, '--round', '0',
    '--screenshot', path.join(OUT, 'native-example.png'), '--dump-layout', nativeJson]);
  const native = JSON.parse(fs.readFileSync(nativeJson, 'utf8'));
  const diff = compareCells(web.cells, native.cells);
  check('the example draws the same cells as the desktop app\'s --dump-layout', web.cells.length > 0 && diff === '',
    diff || `${web.cells.length} cells at ${web.width}x${web.height}`);
  await page.screenshot({ path: path.join(OUT, 'web-example.png') });
}

async function testKeys(page) {
  const before = (await state(page)).step.step;
  await page.keyboard.press('ArrowRight');
  const after = await waitState(page, (s) => s.step.step === before + 1, 5000);
  await page.keyboard.press('ArrowRight');
  const twice = await waitState(page, (s) => s.step.step === before + 2, 5000);
  await page.keyboard.press('ArrowLeft');
  const back = await waitState(page, (s) => s.step.step === before + 1, 5000);
  check('the arrow keys step the rounds', after.step.step === before + 1 && twice.step.step === before + 2 &&
    back.step.step === before + 1, `${before} -> ${after.step.step} -> ${twice.step.step} -> ${back.step.step}`);
}

async function testShareLink(browser, page) {
  await page.keyboard.press('b');  // the next algorithm, so that the link carries a choice
  await page.keyboard.press('ArrowRight');
  await frames(page, 5);
  await menuItem(page, 'menu.copy_link');
  await page.waitForFunction(() => Module.scanvizLink, { timeout: 5000 }).catch(() => {});
  const link = await page.evaluate(() => Module.scanvizLink || '');
  const a = await state(page);
  const cellsA = (await layout(page)).cells;
  const fresh = await openPage(browser, link.slice(link.indexOf('#')));
  const b = await waitState(fresh, (s) => s.kind && s.notice.includes('opened the shared link'));
  await frames(fresh, 5);
  const cellsB = (await layout(fresh)).cells;
  const diff = compareCells(cellsB, cellsA);
  check('a share link opens the same view in a fresh page', link.includes('#s=') && b &&
    b.kind === a.kind && b.algorithm === a.algorithm && b.step.step === a.step.step && diff === '',
    `${link.length} characters; ${a.algorithm} step ${a.step.step} -> ${b && b.algorithm} step ${b && b.step.step} ${diff}`);
  await fresh.screenshot({ path: path.join(OUT, 'web-link-opened.png') });
  await fresh.browserContext().close();
  await testPasteLink(browser, link, a);
}

// File > Open link from clipboard: a fresh page on the example, the link on the system
// clipboard (the browser asks leave to read it; the test grants it), opens the linked view.
async function testPasteLink(browser, link, want) {
  const page = await openPage(browser);
  await waitState(page, (s) => s.kind);
  await page.browserContext().overridePermissions(page.base, ['clipboard-read', 'clipboard-write',
    'clipboard-sanitized-write']);
  await page.evaluate((t) => navigator.clipboard.writeText(t), link);
  await menuItem(page, 'menu.paste_link');
  const s = await waitState(page, (x) => x.algorithm === want.algorithm && x.step.step === want.step.step, 10000);
  check('Open link from clipboard opens a copied link', !!s, s ? `${s.algorithm} step ${s.step.step}` :
    `still ${JSON.stringify((await state(page)).algorithm)}`);
  await page.browserContext().close();
}

// F11: the browser's fullscreen, and F11 again leaves it.
async function testFullscreen(page) {
  await page.keyboard.press('F11');
  const on = await page.waitForFunction(() => !!document.fullscreenElement, { timeout: 5000 })
    .then(() => true, () => false);
  await page.keyboard.press('F11');
  const off = await page.waitForFunction(() => !document.fullscreenElement, { timeout: 5000 })
    .then(() => true, () => false);
  check('F11 enters the browser\'s fullscreen and leaves it', on && off, `on ${on}, off ${off}`);
}

async function testOpenTrace(page) {
  const [chooser] = await Promise.all([page.waitForFileChooser({ timeout: 10000 }),
    menuItem(page, 'menu.open')]);
  await chooser.accept([path.join(ROOT, 'docs', 'example-blelloch-h200.json')]);
  const s = await waitState(page, (x) => x.backend.startsWith('recorded on NVIDIA H200'), 10000);
  check('a trace file opens through the file picker', s && s.backend.startsWith('recorded on NVIDIA H200') &&
    s.algorithm === 'blelloch', s ? s.backend : 'no state');
}

async function testExportPng(page) {
  const dir = path.join(OUT, 'downloads');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const cdp = await page.browserContext().browser().target().createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir,
    browserContextId: page.browserContext().id });
  await page.keyboard.down('Control'); await page.keyboard.press('s'); await page.keyboard.up('Control');
  let png = null;
  for (let i = 0; i < 100 && !png; i++) {
    await sleep(100);
    png = fs.readdirSync(dir).find((f) => f.endsWith('.png'));
  }
  const decoded = png ? decodePng(fs.readFileSync(path.join(dir, png))) : null;
  check('Ctrl+S downloads a PNG that decodes', !!decoded && decoded.w > 100 && decoded.h > 50,
    png ? `${png} ${decoded ? decoded.w + 'x' + decoded.h : 'does not decode'}` : 'no download');
}

// File > Export every step: two downloads, the GIF, one frame a step of the kind shown (each
// frame starts with a graphic control extension, 21 F9 04, in front of its image), and the
// rounds' folder as one .zip with a PNG and an SVG a step, read by Python's zipfile (every CRC).
async function testExportGif(page) {
  const dir = path.join(OUT, 'downloads');
  const steps = (await state(page)).step.of;
  await menuItem(page, 'menu.export_all');
  let gif = null, zip = null;
  for (let i = 0; i < 150 && !(gif && zip); i++) {
    await sleep(100);
    gif = fs.readdirSync(dir).find((f) => f.endsWith('.gif'));
    zip = fs.readdirSync(dir).find((f) => f.endsWith('-rounds.zip'));
  }
  await sleep(300);  // the downloads land whole before they are read
  const bytes = gif ? fs.readFileSync(path.join(dir, gif)) : Buffer.alloc(0);
  let frameCount = 0;
  for (let i = 0; i + 2 < bytes.length; i++)
    if (bytes[i] === 0x21 && bytes[i + 1] === 0xf9 && bytes[i + 2] === 0x04) frameCount++;
  check('Export every step downloads a GIF, a frame a step',
    bytes.slice(0, 6).toString('latin1') === 'GIF89a' && frameCount === steps && steps > 1,
    gif ? `${gif}: ${bytes.length} bytes, ${frameCount} frames, ${steps} steps` : 'no download');
  let names = [];
  try {
    names = execFileSync('python3', ['-c', 'import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\n' +
      'assert z.testzip() is None\nprint("\\n".join(z.namelist()))', path.join(dir, zip || 'none')],
      { encoding: 'utf8' }).split('\n').filter((n) => n);
  } catch (e) { /* names stays empty: the check says so */ }
  const pngs = names.filter((n) => n.endsWith('.png')).length, svgs = names.filter((n) => n.endsWith('.svg')).length;
  check('Export every step downloads the rounds as one .zip, a PNG and an SVG a step',
    pngs === steps && svgs === steps && names.every((n) => n.startsWith(zip.replace(/\.zip$/, '/'))),
    zip ? `${zip}: ${pngs} PNGs, ${svgs} SVGs, ${steps} steps` : 'no .zip downloaded');
}

async function testBadLink(browser) {
  const page = await openPage(browser, '#s=AAAAthis-is-not-a-link');
  const s = await waitState(page, (x) => x.kind && x.message);
  check('a bad link says why in one line and the example shows', s && s.message.startsWith('this link does not open') &&
    !s.message.includes('\n') && JSON.stringify(s.values) === '[3,1,7,0,4,1,6,3]', s ? s.message : 'no state');
  await frames(page, 5);
  await page.screenshot({ path: path.join(OUT, 'web-bad-link.png') });
  await page.browserContext().close();
}

// The pictures for docs/ (grid, timeline, quiz): keys as on the desktop.
async function shots(browser) {
  for (const [key, name] of [['m', 'grid'], ['l', 'timeline'], ['q', 'quiz']]) {
    const page = await openPage(browser);
    await waitState(page, (s) => s.kind);
    await page.keyboard.press(key);
    // The timeline's picture: the H200's recorded 8 tiles of 8 (the page's bar), not 1 tile.
    if (name === 'timeline') {
      await page.click('#about button[data-trace*="single-pass-8x8"]');
      await waitState(page, (s) => s.kind === 'single-pass' && s.backend.includes('H200'), 10000);
    }
    await frames(page, 20);
    await page.screenshot({ path: path.join(OUT, `web-${name}.png`) });
    const s = await state(page);
    check(`key ${key} shows the ${name}`, name === 'quiz' ? s.quiz !== null : s.kind !== 'block-scan', s.kind);
    await page.browserContext().close();
  }
}

(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  const { server, url } = await serve(SITE);
  const browser = await S.launch();
  const origNew = browser.createBrowserContext.bind(browser);
  browser.createBrowserContext = async () => {
    const c = await origNew();
    const np = c.newPage.bind(c);
    c.newPage = async () => { const p = await np(); p.base = url; return p; };
    return c;
  };
  try {
    const page = await openPage(browser);
    await testExample(browser, page);
    await testKeys(page);
    await testFullscreen(page);
    await testShareLink(browser, page);
    await testOpenTrace(page);
    await testExportPng(page);
    await testExportGif(page);
    check('no errors on the page', page.errors.length === 0, page.errors.slice(0, 3).join(' | '));
    await testBadLink(browser);
    await shots(browser);
  } catch (e) {
    check('the test ran to its end', false, e.stack);
  } finally {
    await S.close(browser);
    server.kill();
  }
  const { passed, failed } = S.tally;
  console.log(`web tests: ${failed === 0 ? 'ok' : 'FAILED'} (${passed} passed, ${failed} failed)`);
  process.exit(failed === 0 ? 0 : 1);
})();
