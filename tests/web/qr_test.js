// View > Show QR code on the page (issue #34, part 1): libqrencode compiled from Debian's source
// package draws the code, and zbarimg (Debian zbar-tools) decoding the page's screenshot must read
// exactly the link File > Copy link copied (Module.scanvizLink, what went on the clipboard). Two
// views: the chapters' example (opened by the page's own address), and 64 typed values on the
// multi-block grid (a longer link); J shows the code, J and Escape close it. A link too long for
// any QR code: the one-line reason instead, and nothing to decode. Without zbarimg: SKIPPED.
// Usage: node qr_test.js SITE_DIR OUT_DIR
'use strict';
const fs = require('fs'), path = require('path');
const { execFileSync } = require('child_process');
const S = require('./page_support.js');
const { check, serve, waitState, frames, layout } = S;

const [SITE, OUT] = process.argv.slice(2);
const VIEW = { width: 1280, height: 800, deviceScaleFactor: 1 };

function haveZbarimg() {
  try { execFileSync('zbarimg', ['--version'], { stdio: 'ignore' }); return true; } catch (e) { return false; }
}
const decode = (png) => S.qrTexts(png) || [];

async function clickWidget(page, name) {
  const s = await waitState(page, (x) => x.widgets[name], 10000);
  const r = s && s.widgets[name];
  if (!r) throw new Error('no widget ' + name);
  const top = await page.evaluate(() => document.getElementById('canvas').getBoundingClientRect().top);
  await page.mouse.click(r[0] + r[2] / 2, top + r[1] + r[3] / 2);
  await frames(page, 3);
}

async function openPage(browser, url) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(VIEW);
  await page.goto(url);
  await waitState(page, (s) => s.kind);
  await frames(page, 3);
  return page;
}
async function openSession(page, fields) {
  const session = Object.assign({ format: 'scanviz-session', version: 3, type: 'int32', op: 'add',
    algorithm: 'hillis-steele', input: '3,1,7,0,4,1,6,3' }, fields);
  await page.evaluate((text) => {
    FS.writeFile('/tmp/view.scanviz', text);
    Module.ccall('scanviz_web_open', null, ['string'], ['/tmp/view.scanviz']);
  }, JSON.stringify(session));
  return waitState(page, (s) => s.notice.includes('opened the session') || s.message);
}

// File > Copy link, then J: the screenshot decoded against the copied link; J, then Escape close.
async function copyAndScan(page, name) {
  await page.evaluate(() => { Module.scanvizLink = ''; });
  await clickWidget(page, 'menu.file');
  await clickWidget(page, 'menu.copy_link');
  await page.waitForFunction(() => Module.scanvizLink, { timeout: 10000 }).catch(() => {});
  const link = await page.evaluate(() => Module.scanvizLink || '');
  await page.mouse.move(5, VIEW.height - 5);
  await page.keyboard.press('j');
  const s = await waitState(page, (x) => x.qr, 10000);
  await frames(page, 3);
  const png = path.join(OUT, `qr-${name}.png`);
  await page.screenshot({ path: png });
  const found = decode(png);
  const dump = await layout(page);
  const panel = dump.panels.find((p) => p.name === 'qr');
  check(`${name}: J shows the QR code, and zbarimg reads exactly the copied link`,
    s && s.qr && link.includes('#s=') && found.length === 1 && found[0] === link,
    `${link.length} characters, ${panel ? panel.detail : 'no qr panel'}; read ${JSON.stringify(found).slice(0, 200)}`);
  const code = panel && panel.lines.find((l) => l.kind === 'qr');
  const address = panel && panel.lines.find((l) => l.kind === 'address');
  check(`${name}: the address under the code, inside the page`, !!(code && address &&
    address.text === link && address.rect[1] >= code.rect[1] + code.rect[3] &&
    address.rect[1] + address.rect[3] <= VIEW.height),
    JSON.stringify(address && address.rect));
  await page.keyboard.press('j');
  const closedJ = await waitState(page, (x) => !x.qr, 5000);
  await page.keyboard.press('j');
  await waitState(page, (x) => x.qr, 5000);
  await page.keyboard.press('Escape');
  const closedEsc = await waitState(page, (x) => !x.qr, 5000);
  check(`${name}: J and Escape close it`, !closedJ.qr && !closedEsc.qr);
}

async function testExample(browser, url) {
  const page = await openPage(browser, url);
  await copyAndScan(page, 'example');
  await page.browserContext().close();
}

async function testGrid64(browser, url) {
  const page = await openPage(browser, url);
  let seed = 64;
  const values = [];
  for (let i = 0; i < 64; i++) { seed = (seed * 1103515245 + 12345) % 2147483648; values.push(seed % 1999 - 999); }
  const s = await openSession(page, { input: values.join(',') });
  await page.mouse.move(5, VIEW.height - 5);
  await page.keyboard.press('m');  // the multi-block grid
  const g = await waitState(page, (x) => x.kind === 'multi-block', 5000);
  check('64 typed values on the multi-block grid', s && s.values.length === 64 &&
    g.kind === 'multi-block', `${s && s.values.length} values, ${g.kind}`);
  await copyAndScan(page, 'grid64');
  await page.browserContext().close();
}

async function testTooLong(browser, url) {
  const page = await openPage(browser, url);
  const values = [];
  for (let i = 0; i < 1024; i++) values.push(Math.round(Math.sin(i * 12.9898) * 1e6));
  await openSession(page, { input: values.join(',') });
  await page.keyboard.press('j');
  await waitState(page, (x) => x.qr, 10000);
  await frames(page, 3);
  const png = path.join(OUT, 'qr-too-long.png');
  await page.screenshot({ path: png });
  const dump = await layout(page);
  const panel = dump.panels.find((p) => p.name === 'qr');
  const refusal = panel && panel.lines.find((l) => l.kind === 'refusal');
  const found = decode(png);
  check('a link too long for a QR code: the reason in one line, nothing to decode',
    !!(panel && panel.detail === 'refused' && refusal &&
      refusal.text.startsWith('no QR code: the link is ') && found.length === 0),
    `${refusal ? refusal.text : 'no refusal'}; read ${found.length}`);
  await page.browserContext().close();
}

(async () => {
  if (!haveZbarimg()) {
    console.log('SKIPPED: zbarimg not found (Debian zbar-tools; scripts/setup.sh)');
    console.log('web tests: skipped (no zbarimg; QR code, qr_test.js)');
    return;
  }
  fs.mkdirSync(OUT, { recursive: true });
  const { server, url } = await serve(SITE);
  const browser = await S.launch();
  try {
    for (const t of [testExample, testGrid64, testTooLong]) {
      try { await t(browser, url); } catch (e) { check(`${t.name} ran to its end`, false, e.stack); }
    }
  } finally {
    await S.close(browser);
    server.kill();
  }
  const { passed, failed } = S.tally;
  console.log(`web tests: ${failed === 0 ? 'ok' : 'FAILED'} (${passed} passed, ${failed} failed; QR code, qr_test.js)`);
  process.exit(failed === 0 ? 0 : 1);
})();
