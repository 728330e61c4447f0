// The phone and tablet layouts (issue #33; layout.h) in headless Chromium with touch emulation:
// at 390x844 (a phone, portrait, devicePixelRatio 2) the figure keeps at least 70 % of the width
// with the controls closed, the step bar sits at the bottom with buttons of at least 44 CSS px
// that step the figure when tapped, the controls open as a drawer over the figure (which keeps
// its width) and a tap beside the drawer closes it, and the page's top bar is one line; at
// 768x1024 (a tablet) the panels stay beside the figure, with the same step bar and targets.
// Screenshots go to OUT (web-phone.png, web-phone-drawer.png, web-tablet.png: look at them).
// Usage: node layout_test.js SITE_DIR OUT_DIR
'use strict';
const path = require('path'), fs = require('fs');
const S = require('./page_support');
const { check } = S;

const [SITE, OUT] = process.argv.slice(2);
const TARGET = 44;  // CSS px (layout.h's kTouchTarget)

async function openAt(browser, url, viewport) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(url);
  await S.waitState(page, (s) => s.kind && s.widgets['step_bar.next']);
  await S.frames(page, 5);
  return page;
}

const cssW = (s, name) => s.widgets[name] ? s.widgets[name][2] : 0;
async function tap(page, name) {
  const s = await S.state(page);
  const r = await S.cssRect(page, s.widgets[name]);
  await S.press(page, page, r.x + r.w / 2, r.y + r.h / 2);
  await S.frames(page, 4);
}

// The step bar: at the bottom, its buttons at least 44 CSS px, and a tap on › steps.
async function checkStepBar(page, label) {
  const s = await S.state(page);
  const dpr = await page.evaluate(() => window.devicePixelRatio);
  const canvasH = await page.evaluate(() => document.getElementById('canvas').height);
  const bar = s.widgets['step_bar'];
  check(`${label}: the step bar is at the bottom`, !!bar && Math.abs(bar[1] + bar[3] - canvasH) <= 1,
    bar ? `bar ${bar.map(Math.round)} in a canvas ${canvasH} px tall` : 'no step bar');
  const small = ['step_bar.back', 'step_bar.play', 'step_bar.next', 'menu.file']
    .filter((n) => !s.widgets[n] || s.widgets[n][2] / dpr < TARGET - 0.5 || s.widgets[n][3] / dpr < TARGET - 0.5)
    .map((n) => `${n} ${s.widgets[n] ? s.widgets[n].slice(2).map((v) => (v / dpr).toFixed(1)).join('x') : 'missing'}`);
  check(`${label}: the step bar's buttons and the menu bar are at least ${TARGET} CSS px`, small.length === 0,
    small.join(', ') || `next ${(cssW(s, 'step_bar.next') / dpr).toFixed(1)} CSS px`);
  const before = s.step.step;
  await tap(page, 'step_bar.next');
  const after = await S.waitState(page, (x) => x.step.step === before + 1, 5000);
  await tap(page, 'step_bar.back');
  const back = await S.waitState(page, (x) => x.step.step === before, 5000);
  check(`${label}: tapping › and ‹ steps the figure`, after.step.step === before + 1 && back.step.step === before,
    `${before} -> ${after.step.step} -> ${back.step.step} (${after.step.caption})`);
}

async function testPhone(browser, url) {
  const page = await openAt(browser, url,
    { width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  let s = await S.state(page);
  const width = await page.evaluate(() => document.getElementById('canvas').width);
  check('phone: the layout is the phone\'s', s.form === 'phone', s.form);
  const center = s.widgets['layout.center'];
  // The figure as drawn: its panel (row tags at its left) and its cells out to their right edge.
  const dump = await S.layout(page);
  const trace = dump.panels.find((p) => p.name === 'trace');
  const right = Math.max(...dump.cells.map((c) => c.rect[0] + c.rect[2]));
  const drawn = trace ? right - trace.rect[0] : 0;
  check('phone: the figure is at least 70 % of the width with the controls closed',
    center[2] >= 0.7 * width && !!trace && trace.rect[2] >= 0.7 * width && drawn >= 0.7 * width,
    `figure ${Math.round(center[2])} of ${width} px, drawn over ${Math.round(drawn)} px (${dump.cells.length} cells)`);
  const about = await page.evaluate(() => {
    const r = document.getElementById('about').getBoundingClientRect();
    const t = document.getElementById('traces').getBoundingClientRect();
    return { h: r.height, traces: t.height, lines: Math.round(r.height / 20) };
  });
  check('phone: the page\'s top bar is one line, its trace list a finger\'s size',
    about.h <= TARGET + 8 && about.traces >= TARGET, `bar ${about.h} CSS px, trace list ${about.traces} px`);
  await page.screenshot({ path: path.join(OUT, 'web-phone.png') });
  await checkStepBar(page, 'phone');
  // The controls as a drawer over the figure, closed by a tap beside it.
  await tap(page, 'step_bar.controls');
  s = await S.waitState(page, (x) => x.widgets['layout.left'][2] > 0, 5000);
  const drawer = s.widgets['layout.left'], over = s.widgets['layout.center'];
  check('phone: ≡ opens the controls as a drawer over the figure',
    drawer[2] > 0 && drawer[0] === 0 && over[2] === center[2] && drawer[2] < width,
    `drawer ${drawer.map(Math.round)}, figure ${over.map(Math.round)}`);
  await page.screenshot({ path: path.join(OUT, 'web-phone-drawer.png') });
  const step = s.step.step;
  const r = await S.cssRect(page, over);
  await S.press(page, page, r.x + r.w - 12, r.y + r.h / 2);
  await S.frames(page, 4);
  s = await S.waitState(page, (x) => x.widgets['layout.left'][2] === 0, 5000);
  check('phone: a tap beside the drawer closes it and does nothing else',
    s.widgets['layout.left'][2] === 0 && s.step.step === step && s.selected === null,
    `drawer ${s.widgets['layout.left'].map(Math.round)}, step ${step} -> ${s.step.step}, selected ${JSON.stringify(s.selected)}`);
  check('phone: no errors on the page', page.errors.length === 0, page.errors.slice(0, 3).join(' | '));
  await page.browserContext().close();
}

async function testTablet(browser, url) {
  const page = await openAt(browser, url,
    { width: 768, height: 1024, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
  const s = await S.state(page);
  check('tablet: the layout is the tablet\'s, the panels beside the figure',
    s.form === 'tablet' && s.widgets['layout.left'][2] > 0 &&
    s.widgets['layout.center'][0] >= s.widgets['layout.left'][2] - 1,
    `${s.form}, controls ${Math.round(s.widgets['layout.left'][2])} px, figure at ${Math.round(s.widgets['layout.center'][0])}`);
  await page.screenshot({ path: path.join(OUT, 'web-tablet.png') });
  // The buttons beside the Input heading (ImGui's small ones on the desktop) a finger's height.
  const small = ['open', 'save_session', 'undo', 'redo', 'hide_controls']
    .filter((n) => !s.widgets[n] || s.widgets[n][3] < TARGET - 0.5)
    .map((n) => `${n} ${s.widgets[n] ? s.widgets[n][3].toFixed(1) : 'missing'}`);
  check('tablet: Open, Save, Undo, Redo and « at least 44 CSS px tall', small.length === 0,
    small.join(', ') || 'all 44 px or more');
  await checkStepBar(page, 'tablet');
  await page.browserContext().close();
}

// A desktop window of the same page keeps today's layout: no step bar.
async function testDesktop(browser, url) {
  const page = await (await browser.createBrowserContext()).newPage();
  await page.setViewport({ width: 1280, height: 800, deviceScaleFactor: 1 });
  await page.goto(url);
  const s = await S.waitState(page, (x) => x.kind && x.widgets['layout.center']);
  check('desktop: no step bar, the panels as before', s.form === 'desktop' && !s.widgets['step_bar'] &&
    s.widgets['layout.step_bar'][3] === 0, `${s.form}, step bar ${JSON.stringify(s.widgets['layout.step_bar'])}`);
  await page.browserContext().close();
}

(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  const { server, url } = await S.serve(SITE);
  const browser = await S.launch();
  try {
    await testPhone(browser, url);
    await testTablet(browser, url);
    await testDesktop(browser, url);
  } catch (e) {
    check('the test ran to its end', false, e.stack);
  } finally {
    await S.close(browser);
    server.kill();
  }
  const { passed, failed } = S.tally;
  console.log(`web tests: phone and tablet layouts: ${failed === 0 ? 'ok' : 'FAILED'} (${passed} passed, ${failed} failed)`);
  process.exit(failed === 0 ? 0 : 1);
})();
