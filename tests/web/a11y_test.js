// Screen readers on the page (issue #34, part 3; docs/web.md, "Screen readers"):
// - axe-core (npm, into .deps/web) finds no violation in the page's HTML: the page as it opens,
//   with the Text view open, and at a phone's size with the Text view open;
// - after each of 10 steps (real key presses) the live region (role="status", polite) holds that
//   step's title, as `scanviz-cli trace --narrate` titles the same round of the same input;
// - the Text view's table equals the trace's round, cell by cell, against `scanviz-cli trace
//   --windows` (another program's table of the same input, not the page's own JavaScript): every
//   round of the chapters' Hillis-Steele example and of a 32-value Blelloch scan;
// - the Text view opens with Alt+Shift+T, its cells are walked with the arrow keys, and those keys
//   stay the page's (the app's step does not move); Escape closes it.
// Screenshots go to OUT (a11y-text-view.png is docs/web-text-view.png).
// Usage: node a11y_test.js SITE_DIR NATIVE_SCANVIZ OUT_DIR  (scanviz-cli beside the app's build)
'use strict';
const fs = require('fs'), path = require('path');
const { execFileSync } = require('child_process');
const S = require('./page_support.js');
const { check, serve, state, waitState, frames, sleep } = S;

const [SITE, NATIVE, OUT] = process.argv.slice(2);
const CLI = path.join(path.dirname(NATIVE), '..', 'cli', 'scanviz-cli');
const AXE = require.resolve('axe-core/axe.min.js');
const VIEW = { width: 1280, height: 800, deviceScaleFactor: 1 };
const PHONE = { width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const EXAMPLE = '3,1,7,0,4,1,6,3';
const INPUT32 = '1,1,4,0,3,9,4,0,5,6,0,5,7,2,4,2,2,8,4,2,2,7,4,3,3,1,1,0,6,6,7,3';

// [SECTION] scanviz-cli's tables: per round, the title (--narrate) and each row's cells.
// The table's columns are fixed-width: a 13-character label, then cells right-aligned.
function cliRounds(algorithm, input) {
  const text = execFileSync(CLI, ['trace', '-a', algorithm, '-i', input, '-b', 'cpu', '--windows',
    '--narrate'], { encoding: 'utf8' });
  const rounds = [];
  let round = null, width = 0, inTable = false;
  for (const line of text.split('\n')) {
    const narration = line.match(/^narration of step (\d+): (.*)$/);
    if (narration) { rounds[+narration[1]].title = narration[2]; continue; }
    if (/^ {2}threads .* active;/.test(line)) {
      round = { rows: {}, order: [] };
      rounds.push(round);
      inTable = true;
      continue;
    }
    if (!line.startsWith('  ')) inTable = false;  // a blank line ends the table (the narration follows)
    if (!inTable) continue;
    const label = line.slice(0, 13).trim();
    if (label === 'position') {
      const n = line.slice(13).trim().split(/\s+/).length;
      width = (line.length - 13) / n;
    }
    const cells = [];
    for (let at = 13; at < line.length; at += width) cells.push(line.slice(at, at + width).trim());
    const key = label.replace(/ (pin|pout)$/, '');
    if (!(key in round.rows)) { round.rows[key] = []; round.order.push(key); }
    round.rows[key].push(...cells);
  }
  return rounds;
}

// [SECTION] The page
async function openPage(browser, url, view, hash = '') {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(view);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(url + hash);
  await waitState(page, (s) => s.kind);
  await frames(page, 3);
  return page;
}
async function openSession(page, fields) {
  const session = Object.assign({ format: 'scanviz-session', version: 3, type: 'int32', op: 'add',
    algorithm: 'hillis-steele', input: EXAMPLE }, fields);
  await page.evaluate((text) => {
    FS.writeFile('/tmp/view.scanviz', text);
    Module.ccall('scanviz_web_open', null, ['string'], ['/tmp/view.scanviz']);
  }, JSON.stringify(session));
  return waitState(page, (s) => s.notice.includes('opened the session') || s.message);
}
async function axe(page) {
  await page.addScriptTag({ path: AXE });
  const r = await page.evaluate(() => axe.run(document));
  return r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
async function liveText(page) {
  return page.evaluate(() => {
    const l = document.querySelector('[role="status"][aria-live="polite"]');
    return l ? l.textContent : null;
  });
}
// The Text view's table as the page shows it: the positions, then each row's head and cells.
async function pageTable(page) {
  return page.evaluate(() => {
    const t = document.querySelector('#textview table');
    if (!t) return null;
    const rows = [...t.rows].map((r) => [...r.cells].map((c) => c.textContent));
    return { caption: t.caption ? t.caption.textContent : '', rows };
  });
}
async function toggleKey(page) {
  await page.keyboard.down('Alt');
  await page.keyboard.down('Shift');
  await page.keyboard.press('KeyT');
  await page.keyboard.up('Shift');
  await page.keyboard.up('Alt');
  await frames(page, 3);
}
async function step(page, key, want) {
  await page.keyboard.press(key);
  return waitState(page, (s) => s.step.step === want, 10000);
}

// Each row of the page's table against the CLI's row of the same name, every cell.
function sameTable(got, cli) {
  if (!got) return 'no table';
  const [head, ...rows] = got.rows;
  const positions = head.slice(1);
  if (positions.join(',') !== cli.rows.position.join(',')) return `positions ${positions} vs ${cli.rows.position}`;
  const seen = new Set(['position']);
  for (const [label, ...cells] of rows) {
    if (label === 'written by thread') continue;  // the CLI says it as "threads a..b active"
    const key = label.replace(/ \((read|written|read and written)\)$/, '');
    seen.add(key);
    const want = cli.rows[key];
    if (!want) return `the page's row ${label} is not the CLI's`;
    if (cells.join('|') !== want.join('|')) return `${label}: ${cells.join(' ')} vs ${want.join(' ')}`;
  }
  const missing = cli.order.filter((k) => !seen.has(k));
  return missing.length ? `rows missing: ${missing}` : '';
}

// [SECTION] The checks
async function testAxe(browser, url) {
  const page = await openPage(browser, url, VIEW);
  let v = await axe(page);
  check('axe-core: no violation on the page as it opens', v.length === 0, v.join('; '));
  await page.focus('body');
  await step(page, 'ArrowRight', 1);
  await step(page, 'ArrowRight', 2);  // the docs' picture: Hillis-Steele's round 2
  await toggleKey(page);
  await page.waitForSelector('#textview table', { timeout: 10000 });
  v = await axe(page);
  check('axe-core: no violation with the Text view open', v.length === 0, v.join('; '));
  await page.screenshot({ path: path.join(OUT, 'a11y-text-view.png') });
  await page.browserContext().close();

  const phone = await openPage(browser, url, PHONE);
  v = await axe(phone);
  check('axe-core: no violation at a phone\'s size (390x844)', v.length === 0, v.join('; '));
  // A finger's tap on the bar's button, which must be on the screen and a finger's size.
  const b = await phone.evaluate(() => {
    const r = document.getElementById('textview-toggle').getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width, h: r.height };
  });
  check('the Text view button is on a phone\'s screen, 44 CSS px tall',
    b.w > 0 && b.x >= 0 && b.x + b.w <= PHONE.width && b.h >= 44, JSON.stringify(b));
  await S.tap(phone, b.x + b.w / 2, b.y + b.h / 2);
  await phone.waitForSelector('#textview table', { timeout: 10000 });
  v = await axe(phone);
  check('axe-core: no violation at a phone\'s size with the Text view open', v.length === 0, v.join('; '));
  await phone.screenshot({ path: path.join(OUT, 'a11y-text-view-phone.png') });
  await phone.browserContext().close();
}

// 10 steps by the arrow key through a 32-value Blelloch scan: each one's title in the live region.
async function testLiveRegion(browser, url) {
  const page = await openPage(browser, url, VIEW);
  await openSession(page, { algorithm: 'blelloch', input: INPUT32 });
  await page.focus('body');
  await page.keyboard.press('Home');
  await waitState(page, (s) => s.step.step === 0, 10000);
  const cli = cliRounds('blelloch', INPUT32);
  const failures = [];
  for (let k = 1; k <= 10; k++) {
    const s = await step(page, 'ArrowRight', k);
    const want = cli[k].title;
    let got = '';
    for (let i = 0; i < 40 && !got.startsWith(want + '. '); i++) { got = await liveText(page); await sleep(50); }
    if (!s || s.step.step !== k || !got.startsWith(want + '. ')) failures.push(`step ${k}: wanted "${want}", the live region says "${got.slice(0, 80)}"`);
  }
  check('the live region holds each of 10 steps\' title (scanviz-cli --narrate\'s)', failures.length === 0, failures.join('; '));
  // Not only keys: a click on the controls' next-step button (the player's ›) too.
  const next = (await state(page)).widgets.next;
  const top = await page.evaluate(() => document.getElementById('canvas').getBoundingClientRect().top);
  await page.mouse.click(next[0] + next[2] / 2, top + next[1] + next[3] / 2);
  const s11 = await waitState(page, (s) => s.step.step === 11, 10000);
  let got = '';
  for (let i = 0; i < 40 && !got.startsWith(cli[11].title + '. '); i++) { got = await liveText(page); await sleep(50); }
  check('a click on the player\'s › says the next step\'s title too', s11.step.step === 11 &&
    got.startsWith(cli[11].title + '. '), `step ${s11.step.step}, "${got.slice(0, 60)}"`);
  const attrs = await page.evaluate(() => {
    const l = document.getElementById('announce');
    const r = l.getBoundingClientRect();
    return { role: l.getAttribute('role'), live: l.getAttribute('aria-live'), w: r.width, h: r.height,
      shown: getComputedStyle(l).display !== 'none' && getComputedStyle(l).visibility !== 'hidden' };
  });
  check('the live region is role=status, aria-live=polite, present and visually hidden',
    attrs.role === 'status' && attrs.live === 'polite' && attrs.shown && attrs.w <= 1 && attrs.h <= 1,
    JSON.stringify(attrs));
  await page.browserContext().close();
}

// The Text view's table against scanviz-cli's, every round of two traces.
async function testTable(browser, url) {
  const page = await openPage(browser, url, VIEW);
  await page.focus('body');
  await toggleKey(page);
  for (const [algorithm, input] of [['hillis-steele', EXAMPLE], ['blelloch', INPUT32]]) {
    // The session opens at round 0 (the last test left the player on its last round; a Home key
    // sent at once could reach the page before the app had the keys again).
    await openSession(page, { algorithm, input, round: 0 });
    await page.focus('#textview');
    await page.evaluate(() => document.getElementById('canvas').focus());
    const cli = cliRounds(algorithm, input);
    const failures = [];
    if (!(await waitState(page, (x) => x.step.step === 0, 5000))) failures.push('the session did not open at round 0');
    for (let k = 0; k < cli.length && !failures.length; k++) {
      if (k > 0 && !(await step(page, 'ArrowRight', k))) { failures.push(`→ did not step to round ${k}`); break; }
      let why = 'no table';
      for (let i = 0; i < 40 && why; i++) {
        const t = await pageTable(page);
        why = sameTable(t, cli[k]);
        if (!why && !t.caption.endsWith(cli[k].title)) why = `caption ${t.caption} vs ${cli[k].title}`;
        if (why) await sleep(50);
      }
      if (why) failures.push(`round ${k}: ${why}`);
    }
    check(`the Text view's table equals scanviz-cli's, every round of ${algorithm} (${cli.length} rounds)`,
      failures.length === 0, failures.slice(0, 3).join('; '));
  }
  await page.browserContext().close();
}

// The keyboard in the Text view: Alt+Shift+T opens it, the arrows walk the cells (and do not step
// the app), Escape closes it and gives the keys back to the app.
async function testKeys(browser, url) {
  const page = await openPage(browser, url, VIEW);
  await page.focus('body');
  const before = (await state(page)).step.step;
  await toggleKey(page);
  const opened = await page.evaluate(() => !document.getElementById('textview').hidden &&
    document.getElementById('textview').contains(document.activeElement));
  check('Alt+Shift+T opens the Text view and moves the focus into it', opened);
  await page.waitForSelector('#textview table', { timeout: 10000 });
  await page.keyboard.press('Tab');
  const first = await page.evaluate(() => [document.activeElement.tagName, document.activeElement.textContent]);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await frames(page, 3);
  const at = await page.evaluate(() => {
    const c = document.activeElement;
    return [c.tagName, c.parentNode.rowIndex, c.cellIndex, c.textContent];
  });
  const after = (await state(page)).step.step;
  check('Tab reaches the table and the arrows walk its cells, the app\'s step unmoved',
    first[0] === 'TH' && at[0] === 'TD' && at[1] === 1 && at[2] === 2 && after === before,
    `first ${first}, then ${at}, step ${before} -> ${after}`);
  await page.keyboard.press('Escape');
  await frames(page, 3);
  const closed = await page.evaluate(() => document.getElementById('textview').hidden);
  const s = await step(page, 'ArrowRight', before + 1);
  check('Escape closes the Text view and the arrows step the app again', closed && s.step.step === before + 1,
    `closed ${closed}, step ${s.step.step}`);
  check('no page errors', page.errors.length === 0, page.errors.join('; '));
  await page.browserContext().close();
}

// Keyboard only on the page (the desktop's scheme, the same code; docs/app.md "Keyboard only"):
// F10 puts the keyboard on the menu bar's first menu, → walks the bar, ↓ opens a menu and Enter
// chooses its item; Alt and a menu's first letter open that menu; I puts the keyboard in the input
// box, typed values and Enter apply. No mouse event; each action checked in the app's state.
async function testMenusByKeys(browser, url) {
  const page = await openPage(browser, url, VIEW);
  const kb = async () => (await state(page)).keyboard;
  await page.keyboard.press('F10');
  let s = await waitState(page, (x) => x.keyboard.nav_item && x.keyboard.nav_item === x.keyboard.menus[0], 5000);
  check('the page: F10 puts the keyboard on the menu bar (File)', !!s, JSON.stringify(await kb()).slice(0, 200));
  await page.keyboard.press('Escape');
  await waitState(page, (x) => !x.keyboard.navigating, 5000);
  // Alt+S opens Show; ↓ walks to its multi-block item; Enter shows the grid.
  await page.keyboard.down('Alt');
  await page.keyboard.press('KeyS');
  await page.keyboard.up('Alt');
  s = await waitState(page, (x) => x.keyboard.nav_item && x.keyboard.nav_item !== 'menu.show' &&
    (x.keyboard.items.find((i) => i[1] === x.keyboard.nav_item) || [])[0] === 'menu.show', 5000);
  check('the page: Alt+S opens Show with the keyboard on its first item', !!s, JSON.stringify(await kb()).slice(0, 300));
  let reached = false;
  for (let i = 0; i < 20 && s && !reached; i++) {
    reached = /grid|multi/.test((await kb()).nav_item);
    if (!reached) { await page.keyboard.press('ArrowDown'); await frames(page, 2); }
  }
  await page.keyboard.press('Enter');
  s = await waitState(page, (x) => x.kind === 'multi-block', 5000);
  check('the page: ↓ to the multi-block item and Enter show the grid', reached && !!s,
    `reached ${reached}; kind ${(await state(page)).kind}`);
  await page.keyboard.press('KeyM');  // back to the block scan
  await waitState(page, (x) => x.kind === 'block-scan', 5000);
  // I: the input box has the keyboard; typed values and Enter apply.
  await page.keyboard.press('KeyI');
  s = await waitState(page, (x) => x.text_input, 5000);
  await page.keyboard.down('Control'); await page.keyboard.press('KeyA'); await page.keyboard.up('Control');
  await page.keyboard.type('5 4 3 2');
  await page.keyboard.press('Enter');
  s = await waitState(page, (x) => JSON.stringify(x.values) === '[5,4,3,2]', 5000);
  check('the page: I, typed values and Enter edit the input', !!s, JSON.stringify((await state(page)).values));
  check('the page: no errors while driven by keys', page.errors.length === 0, page.errors.join('; '));
  await page.browserContext().close();
}

(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  const { server, url } = await serve(SITE);
  const browser = await S.launch();
  try {
    for (const t of [testAxe, testLiveRegion, testTable, testKeys, testMenusByKeys]) {
      try { await t(browser, url); } catch (e) { check(`${t.name} ran to its end`, false, e.stack); }
    }
  } finally {
    await S.close(browser);
    server.kill();
  }
  const { passed, failed } = S.tally;
  console.log(`web tests: ${failed === 0 ? 'ok' : 'FAILED'} (${passed} passed, ${failed} failed; screen readers, a11y_test.js)`);
  process.exit(failed === 0 ? 0 : 1);
})();
