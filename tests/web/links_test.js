// Share links in the browser (issue #33 part 5): for a handful of views (side by side with the
// right pane on another round, the benchmark chart with its choices, a quiz in progress, the 2^16
// grid made with the n field, folded panels), File > Copy link in one page, the link opened in a
// fresh page, and the two compared field by field: the state (--state-file's fields, less what
// is not the view: widgets, tooltips, the status line, undo) and the layout dump (every cell and
// panel). And 16,384 typed float32 values: Copy link refuses with the reason and copies nothing.
// Views are set up as a reader would (keys, the n field, the menu) or from a session file put into
// the page's file system and opened as a dropped file is. Screenshots go to OUT.
// Usage: node links_test.js SITE_DIR NATIVE_SCANVIZ(unused) OUT_DIR
'use strict';
const fs = require('fs'), path = require('path');
// The server, the browser, the app's state and layout, PASS/FAIL: shared with the other browser tests.
const S = require('./page_support.js');
const { check, serve, state, waitState, frames, layout, sleep } = S;

const [SITE, , OUT] = process.argv.slice(2);
const VIEW = { width: 1280, height: 800, deviceScaleFactor: 1 };


async function clickWidget(page, name, at = 0.5) {
  const s = await waitState(page, (x) => x.widgets[name], 10000);
  const r = s && s.widgets[name];
  if (!r) throw new Error('no widget ' + name);
  const top = await page.evaluate(() => document.getElementById('canvas').getBoundingClientRect().top);
  await page.mouse.click(r[0] + r[2] * at, top + r[1] + r[3] / 2);
  await frames(page, 3);
}
async function menuItem(page, item) {
  await clickWidget(page, 'menu.file');
  // The item's place is known from an earlier frame: click it once the menu is open this time
  // (a busy machine's click on a closed menu gave no link, and the test navigated to '').
  await waitState(page, (x) => x.popup, 5000);
  await clickWidget(page, item);
}

async function openPage(browser, url) {
  const context = await browser.createBrowserContext();  // fresh: no settings from before
  const page = await context.newPage();
  await page.setViewport(VIEW);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(url);
  await waitState(page, (s) => s.kind);
  await frames(page, 3);
  return page;
}

// A session file in the page's file system, opened as a dropped file is.
async function openSession(page, session) {
  await page.evaluate((text) => {
    FS.writeFile('/tmp/view.scanviz', text);
    Module.ccall('scanviz_web_open', null, ['string'], ['/tmp/view.scanviz']);
  }, JSON.stringify(session));
  return waitState(page, (s) => s.notice.includes('opened the session') || s.message);
}
function session(fields) {
  return Object.assign({ format: 'scanviz-session', version: 3, type: 'int32', op: 'add',
    algorithm: 'hillis-steele', input: '3,1,7,0,4,1,6,3' }, fields);
}

// Not the view: where widgets were drawn, tooltips, the status line, the history, the dialogs, the
// keyboard's menu items and how often each was chosen (Copy link itself, on the copying page), the
// mouse's clicks on the app's clock.
const NOT_VIEW = new Set(['widgets', 'tooltip', 'tooltip_rect', 'notice', 'message', 'undo', 'redo',
  'recent', 'text_input', 'popup', 'help', 'file_dialog', 'file_error', 'export', 'n_note',
  'backend', 'keyboard', 'mouse']);
function stateDiff(a, b) {
  const out = [];
  for (const k of Object.keys(a)) {
    if (NOT_VIEW.has(k)) continue;
    let x = a[k], y = b[k];
    if (k === 'quiz' && x && y) { x = { ...x, error: '' }; y = { ...y, error: '' }; }
    if (JSON.stringify(x) !== JSON.stringify(y))
      out.push(`${k}: ${JSON.stringify(x).slice(0, 120)} vs ${JSON.stringify(y).slice(0, 120)}`);
  }
  return out.join('; ');
}
// The first place two layout dumps differ, as a path; panels by name, less the status bar (it
// says "copied a link" on one page and "opened the shared link" on the other).
function layoutDiff(a, b, where = 'layout') {
  if (where === 'layout') {
    // Also less the n field's note on what was typed ("n = 65536: a block scan shows the first
    // 1024 ..."), said until n changes: the typing's, not the view's. The controls below it move
    // down by its height, so the controls panel's lines are compared by kind and text alone.
    const typed = (line) => !(line.kind === 'error' && line.text.startsWith('n = '));
    const lines = (p) => p.name !== 'controls' ? p.lines :
      p.lines.filter(typed).map((x) => ({ kind: x.kind, text: x.text }));
    const byName = (l) => Object.fromEntries(l.panels.filter((p) => p.name !== 'status')
      .map((p, i) => [`${p.name}${p.tab ? ':' + p.tab : ''}#${i}`, { ...p, lines: lines(p) }]));
    a = { ...a, panels: byName(a) }; b = { ...b, panels: byName(b) };
  }
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) {
    if (typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) <= 0.5) return '';
    return a === b ? '' : `${where}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const d = layoutDiff(a[k], b[k], `${where}.${k}`);
    if (d) return d;
  }
  return '';
}

// Copy link in `page`, open it in a fresh page, compare. Returns the link.
async function roundTrip(browser, page, name) {
  await page.evaluate(() => { Module.scanvizLink = ''; });
  await menuItem(page, 'menu.copy_link');
  await page.waitForFunction(() => Module.scanvizLink, { timeout: 10000 }).catch(() => {});
  const link = await page.evaluate(() => Module.scanvizLink || '');
  if (!link) { check(`${name}: Copy link gave a link`, false, 'no link after 10 s'); return ''; }
  await frames(page, 3);
  const a = await state(page), la = await layout(page);
  const fresh = await openPage(browser, link);
  const b = await waitState(fresh, (s) => s.notice.includes('opened the shared link') || s.message);
  await frames(fresh, 5);
  const lb = await layout(fresh);
  const sd = b ? stateDiff(a, b) : 'no state', ld = layoutDiff(la, lb);
  check(`${name}: the link opens the same view in a fresh page`, link.includes('#s=') && !sd && !ld,
    `${link.length} characters; ${sd || ld || `${a.kind}, step ${a.step.step} of ${a.step.of}`}`);
  const file = name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  await page.screenshot({ path: path.join(OUT, `links-${file}-copied.png`) });
  await fresh.screenshot({ path: path.join(OUT, `links-${file}-opened.png`) });
  await fresh.browserContext().close();
  return link;
}

async function testSideBySide(browser, url) {
  const page = await openPage(browser, url);
  const s = await openSession(page, session({ algorithm: 'blelloch',
    view: { side_by_side: true, pair: ['hillis-steele', 'blelloch'], rounds: [1, 2] } }));
  check('side by side: the session sets the right pane on its own round', s.side_by_side &&
    s.rounds.blelloch.round === 2 && s.rounds['hillis-steele'].round === 1,
    JSON.stringify(s.rounds).slice(0, 160));
  await roundTrip(browser, page, 'side by side, right pane at round 2');
  await page.browserContext().close();
}

async function testBenchmark(browser, url) {
  const page = await openPage(browser, url);
  await openSession(page, session({ benchmark: { shown: true, float: true, exclusive: true,
    percent: true, toggled: ['memcpy'] }, view: { left_panel: 'folded' } }));
  await roundTrip(browser, page, 'benchmark chart, float32 exclusive % of memcpy');
  await page.browserContext().close();
}

async function testQuiz(browser, url) {
  const page = await openPage(browser, url);
  const s = await openSession(page, session({ quiz: { shown: true, set: '02-blelloch.json',
    question: 2 } }));
  check('a quiz in progress: the session opens it at its question', s.quiz && s.quiz.question === 2,
    JSON.stringify(s.quiz).slice(0, 160));
  await roundTrip(browser, page, 'quiz at question 3');
  await page.browserContext().close();
}

// The n field, as a reader types it: 65,536 values (the example's 8, then the seed's), in the grid.
async function testRandomGrid(browser, url) {
  const page = await openPage(browser, url);
  await clickWidget(page, 'n', 0.2);  // the number, left of the - and + buttons
  await page.keyboard.down('Control'); await page.keyboard.press('a'); await page.keyboard.up('Control');
  await page.keyboard.type('65536');
  await page.keyboard.press('Enter');
  await waitState(page, (s) => s.values.length === 65536);
  await page.mouse.click(640, 400);  // out of the field: M is a key again
  await page.keyboard.press('m');
  const s = await waitState(page, (x) => x.kind === 'multi-block');
  check('the n field makes the 2^16 grid', s.kind === 'multi-block' && s.values.length === 65536,
    `${s.kind}, ${s.values.length} values`);
  const link = await roundTrip(browser, page, '2^16 grid from the n field');
  check('the 2^16 grid\'s link is under 2,000 characters', link.length > 0 && link.length < 2000,
    `${link.length} characters`);
  await page.browserContext().close();
}

// 16,384 typed float32 values: refused at copy time, with the reason; nothing copied.
async function testTooBig(browser, url) {
  const page = await openPage(browser, url);
  const values = [];
  for (let i = 0; i < 16384; i++) values.push((Math.fround(Math.sin(i * 12.9898) * 43758.5453) % 1000).toFixed(3));
  await openSession(page, session({ type: 'float32', input: values.join(',') }));
  const before = await page.evaluate(() => location.hash);
  await page.evaluate(() => { Module.scanvizLink = ''; });
  await menuItem(page, 'menu.copy_link');
  const s = await waitState(page, (x) => x.message.startsWith('not copied'), 10000);
  const copied = await page.evaluate(() => Module.scanvizLink || '');
  const after = await page.evaluate(() => location.hash);
  check('16,384 typed float32 values: Copy link refuses with the reason and copies nothing',
    s.message.startsWith('not copied: a link to this view would be') &&
    s.message.includes('File > Save session (Ctrl+Shift+S)') && copied === '' && after === before,
    s.message.slice(0, 160));
  await frames(page, 3);
  await page.screenshot({ path: path.join(OUT, 'links-too-big-refused.png') });
  await page.browserContext().close();
}

(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  const { server, url } = await serve(SITE);
  const browser = await S.launch();
  try {
    for (const t of [testSideBySide, testBenchmark, testQuiz, testRandomGrid, testTooBig]) {
      try { await t(browser, url); } catch (e) { check(`${t.name} ran to its end`, false, e.stack); }
    }
  } finally {
    await S.close(browser);
    server.kill();
  }
  // The "web tests:" prefix: scripts/test.sh's web stage records this line beside web_test.js's.
  const { passed, failed } = S.tally;
  console.log(`web tests: ${failed === 0 ? 'ok' : 'FAILED'} (${passed} passed, ${failed} failed; share links, links_test.js)`);
  process.exit(failed === 0 ? 0 : 1);
})();
