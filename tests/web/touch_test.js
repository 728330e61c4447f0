// The page on a phone (390x844, DPR 2) and a tablet (768x1024, DPR 1) in headless Chromium with
// touch emulation (issue #33): a tap is one click (20 taps on the step bar's › step 20 times, a
// tap on a menu opens it and it stays open, one on the side panel's « or ¶ opens the panel and
// it stays open, no tooltip stays after a tap), a swipe on the figure steps, a pinch zooms the
// figure and never the page, a two-finger drag pans it, a long press shows what hovering shows, a cell edited through the page's own text field changes the
// figure and its result (Escape leaves it unchanged), the browser's shortcuts are the app's
// (defaultPrevented, and the app does its part), Ctrl+A selects nothing of the page, and a bad
// link's error leaves with the next action. Taps go through page.touchscreen.tap, which sends
// Chromium's real touch and then its emulated mouse events; swipes and pinches through CDP's
// Input.dispatchTouchEvent. Screenshots go to OUT.
// Usage: node touch_test.js SITE_DIR NATIVE_SCANVIZ OUT_DIR   (NATIVE is not used: the same
// arguments as web_test.js)
'use strict';
const fs = require('fs'), path = require('path');
// The server, the browser, the app's state and layout, PASS/FAIL: shared with the other browser tests.
const S = require('./page_support.js');
const { check, serve, state, waitState, frames, layout, sleep } = S;

const [SITE, , OUT] = process.argv.slice(2);
const DEVICES = [
  { name: 'phone', width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  { name: 'tablet', width: 768, height: 1024, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
];


// A rectangle of the canvas's pixels (the state's widgets) as a point on the page, CSS pixels.
async function pagePoint(page, r, fx = 0.5, fy = 0.5) {
  const c = await page.evaluate(() => {
    const e = document.getElementById('canvas'), b = e.getBoundingClientRect();
    return { left: b.left, top: b.top, k: b.width / e.width };
  });
  return { x: c.left + (r[0] + r[2] * fx) * c.k, y: c.top + (r[1] + r[3] * fy) * c.k };
}
async function tapWidget(page, name) {
  const s = await state(page);
  const r = s.widgets[name];
  if (!r) throw new Error('no widget ' + name);
  const p = await pagePoint(page, r);
  await page.touchscreen.tap(p.x, p.y);
  await frames(page, 4);
}
async function touch(cdp, type, points) {
  await cdp.send('Input.dispatchTouchEvent', { type,
    touchPoints: points.map((p, i) => ({ x: p.x, y: p.y, id: i, radiusX: 2, radiusY: 2, force: 1 })) });
}
// One finger from a to b in steps, or two fingers (each a [from, to] pair) together.
async function drag(page, cdp, paths, steps = 8) {
  const at = (t) => paths.map(([a, b]) => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }));
  await touch(cdp, 'touchStart', at(0));
  for (let i = 1; i <= steps; i++) {
    await touch(cdp, 'touchMove', at(i / steps));
    await sleep(16);
  }
  await touch(cdp, 'touchEnd', []);
  await frames(page, 4);
}

async function openPage(browser, url, device, hash = '') {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(device);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(url + hash);
  await waitState(page, (s) => s.kind);
  await frames(page, 5);
  return page;
}
// The controls' player on screen: a phone folds the controls into a strip ([ unfolds them, and
// folds them again afterwards, for the figure's room). True when it unfolded them.
async function showControls(page) {
  await frames(page, 3);
  const s = await state(page);
  const fig = s.widgets.figure;
  if (s.widgets.next && s.widgets.next[0] + s.widgets.next[2] <= fig[0] + 1) return false;
  await page.keyboard.press('BracketLeft');
  await frames(page, 5);
  await waitState(page, (x) => x.widgets.next, 3000);
  return true;
}

// The › to tap: the step bar's (phones and tablets), else the controls' next-step button.
async function nextButton(page) {
  return (await state(page)).widgets['step_bar.next'] ? 'step_bar.next' : 'next';
}

async function testTaps(page, cdp, d) {
  const next = await nextButton(page);
  const unfolded = next === 'next' && await showControls(page);
  let advanced = 0, exact = 0;
  const moves = [];
  for (let i = 0; i < 20; i++) {
    let s = await state(page);
    if (s.step.step >= s.step.of - 1) {  // wrap before the last step, by key
      await page.keyboard.press('Home');
      s = await waitState(page, (x) => x.step.step === 0, 3000);
    }
    const before = s.step.step;
    await tapWidget(page, next);
    const after = (await state(page)).step.step;
    moves.push(after - before);
    advanced += after - before;
    if (after - before === 1) exact++;
  }
  check(`${d.name}: 20 taps on ${next} step exactly 20 times`,
    advanced === 20 && exact === 20, `moves ${moves.join(',')}`);
  const s = await state(page);
  check(`${d.name}: no tooltip stays after a tap`, s.tooltip === '', JSON.stringify(s.tooltip));
  await testLongPress(page, cdp, d, next);
  if (unfolded) await page.keyboard.press('BracketLeft');
  await frames(page, 5);
}

// The side panel's button (the tablet's « strip, the phone's ¶ in the step bar), tapped once,
// opens the panel and it stays open (it opened and shut again when a tap was two clicks).
async function testPanelButton(page, d) {
  const before = await state(page);
  const strip = before.widgets['right_strip'];
  const name = strip && strip[2] > 0 && !before.widgets['step_bar.panels'] ? 'right_strip' : 'step_bar.panels';
  await tapWidget(page, name);
  await sleep(600);
  await frames(page, 5);
  const s = await state(page);
  const w = s.widgets['layout.right'] ? s.widgets['layout.right'][2] / d.deviceScaleFactor : 0;
  check(`${d.name}: one tap on ${name} opens the side panel and it stays open`, w > 150,
    `the side panel ${w.toFixed(0)} CSS px wide after 600 ms`);
  await page.keyboard.press('BracketRight');  // folded again for the tests after this one
  await frames(page, 5);
}

async function testMenu(page, d) {
  await tapWidget(page, 'menu.show');
  const open = await state(page);
  await sleep(600);
  await frames(page, 5);
  const later = await state(page);
  check(`${d.name}: one tap opens the Show menu and it stays open`, open.popup && later.popup,
    `open ${open.popup}, after 600 ms ${later.popup}`);
  await page.screenshot({ path: path.join(OUT, `touch-${d.name}-menu.png`) });
  await page.keyboard.press('Escape');
  await frames(page, 3);
}

async function testSwipe(page, cdp, d) {
  await page.keyboard.press('Home');
  await waitState(page, (x) => x.step.step === 0, 3000);
  const fig = (await state(page)).widgets.figure;
  const a = await pagePoint(page, fig, 0.75, 0.5), b = await pagePoint(page, fig, 0.25, 0.5);
  await drag(page, cdp, [[a, b]]);
  const s1 = await state(page);
  await drag(page, cdp, [[b, a]]);
  const s2 = await state(page);
  check(`${d.name}: a swipe left steps forward, a swipe right back`,
    s1.step.step === 1 && s2.step.step === 0, `steps ${s1.step.step}, ${s2.step.step}`);
}

async function testPinch(page, cdp, d) {
  await page.keyboard.press('Home');
  await waitState(page, (x) => x.step.step === 0, 3000);
  const fig = (await state(page)).widgets.figure;
  const before = await state(page);
  const c = await pagePoint(page, fig, 0.5, 0.45);
  const p = (dx) => ({ x: c.x + dx, y: c.y });
  await drag(page, cdp, [[p(-30), p(-90)], [p(30), p(90)]]);
  const s = await state(page);
  const scale = await page.evaluate(() => window.visualViewport.scale);
  check(`${d.name}: a pinch zooms the figure (not the page)`,
    s.zoom > before.zoom * 2 && scale === 1 && s.step.step === before.step.step,
    `zoom ${before.zoom} -> ${s.zoom}, page scale ${scale}`);
  const q = (dx, dy) => ({ x: c.x + dx, y: c.y + dy });
  await drag(page, cdp, [[q(-30, 0), q(10, 20)], [q(30, 0), q(70, 20)]]);
  const t = await state(page);
  const k = d.deviceScaleFactor;
  check(`${d.name}: a two-finger drag pans the figure`,
    // (the figure may hold pan_y where it fits the height: only never the wrong way)
    Math.abs(t.pan_x - s.pan_x - 40 * k) < 2 && t.pan_y >= s.pan_y &&
    Math.abs(t.zoom - s.zoom) < 1e-3,
    `pan ${s.pan_x},${s.pan_y} -> ${t.pan_x},${t.pan_y}, zoom ${t.zoom}`);
  await page.screenshot({ path: path.join(OUT, `touch-${d.name}-pinched.png`) });
}

async function testLongPress(page, cdp, d, next) {
  const s0 = await state(page);
  const p = await pagePoint(page, s0.widgets[next]);
  await touch(cdp, 'touchStart', [p]);
  await sleep(800);
  await frames(page, 4);
  const s = await state(page);
  await touch(cdp, 'touchEnd', []);
  await frames(page, 3);
  const held = await state(page);
  await tapWidget(page, 'menu.show');  // the next touch ends the hover
  await page.keyboard.press('Escape');
  await frames(page, 4);
  const after = await state(page);
  check(`${d.name}: a long press shows what hovering shows, until the next touch`,
    /^Next step/.test(s.tooltip) && /^Next step/.test(held.tooltip) && after.tooltip === '' &&
    held.step.step === s0.step.step,
    `held ${JSON.stringify(s.tooltip).slice(0, 60)}, after ${JSON.stringify(after.tooltip)}`);
}

// A double tap as the app defines one (the desktop's Live.double_click, tests/app/ui_live_test.py):
// the second tap once the state shows the first taken and the button up again, and the app's own
// clock (the state's mouse) says whether the frames that took them were within its double-click
// time; where a loaded machine held them further apart the pair is sent again. After a pause, so
// that the first tap is no second click of an earlier one (seen right after the field's Escape).
async function doubleTap(page, name) {
  const p = await pagePoint(page, (await state(page)).widgets[name]);
  for (let attempt = 0; attempt < 8; attempt++) {
    await sleep(600);
    const clicks = (await state(page)).mouse.clicks;
    await page.touchscreen.tap(p.x, p.y);
    const first = await waitState(page, (s) => s.mouse.clicks > clicks && !s.mouse.down);
    await page.touchscreen.tap(p.x, p.y);
    const second = await waitState(page, (s) => s.mouse.clicks > first.mouse.clicks);
    const m = second.mouse;
    if (m.clicks > first.mouse.clicks && m.click_time - m.previous_click_time < m.double_click_time)
      break;
    console.log(`not a double tap on ${name}: the app took the taps ` +
      `${(m.click_time - m.previous_click_time).toFixed(2)} s apart on its clock; sent again`);
  }
  await frames(page, 4);
}
// The page's field as the user sees it: shown, focused, its keyboard, its text, its editor.
const fieldNow = (page) => page.evaluate(() => {
  const e = document.querySelector('input.scanviz-field');
  return e && { shown: e.style.display !== 'none', focused: document.activeElement === e,
    mode: e.getAttribute('inputmode'), value: e.value, editor: e.dataset.editor };
});
const cellTexts = async (page) => (await layout(page)).cells.map((c) => c.text);

async function testEdit(page, d) {
  await page.keyboard.press('End');
  await frames(page, 3);
  const before = await state(page);
  const textsBefore = await cellTexts(page);
  await doubleTap(page, 'input[3]');
  const f = await page.evaluate(() => {
    const e = document.querySelector('input.scanviz-field');
    return e && { shown: e.style.display !== 'none', focused: document.activeElement === e,
      mode: e.getAttribute('inputmode'), value: e.value, editor: e.dataset.editor };
  });
  check(`${d.name}: a double tap on a cell opens the page's text field, focused`,
    f && f.shown && f.focused && f.mode === 'decimal' && f.editor === 'cell' && f.value === '0',
    JSON.stringify(f));
  if (d.name === 'phone') {
    await page.keyboard.type('9');
    await page.screenshot({ path: path.join(OUT, 'touch-phone-edit.png') });
    await page.keyboard.press('Backspace');
  }
  // Ctrl+A in the field selects its text only: not prevented, the field's own selection.
  await page.keyboard.type('12');
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyA');
  await page.keyboard.up('Control');
  const sel = await page.evaluate(() => {
    const e = document.querySelector('input.scanviz-field');
    return { start: e.selectionStart, end: e.selectionEnd, len: e.value.length,
      page: String(window.getSelection()) };
  });
  check(`${d.name}: Ctrl+A in the field selects its text and nothing of the page`,
    sel.start === 0 && sel.end === sel.len && sel.len === 2 && (sel.page === '' || sel.page === '12'),
    JSON.stringify(sel));
  await page.keyboard.type('9');
  await page.keyboard.press('Enter');
  const s = await waitState(page, (x) => x.values[3] === 9, 3000);
  await page.keyboard.press('End');
  await frames(page, 4);
  const texts = await cellTexts(page);
  const gone = await page.evaluate(() => document.querySelector('input.scanviz-field').style.display);
  check(`${d.name}: Enter in the field sets the cell and the figure's result`,
    s.values[3] === 9 && before.values[3] === 0 && !textsBefore.includes('34') &&
    texts.includes('34') && gone === 'none', `values ${JSON.stringify(s.values)}, 34 shown ${texts.includes('34')}`);
  // Escape cancels.
  await doubleTap(page, 'input[5]');
  const open1 = await fieldNow(page);
  await page.keyboard.type('7');
  await page.keyboard.press('Escape');
  await frames(page, 4);
  const e = await state(page);
  check(`${d.name}: Escape in the field leaves the cell as it was`,
    open1 && open1.shown && open1.focused && e.values[5] === 1, `${JSON.stringify(e.values)}, ${JSON.stringify(open1)}`);
  // And so does a touch elsewhere on the app.
  await doubleTap(page, 'input[5]');
  const open2 = await fieldNow(page);
  await page.keyboard.type('8');
  const room = await pagePoint(page, (await state(page)).widgets.figure, 0.5, 0.97);
  await page.touchscreen.tap(room.x, room.y);
  await frames(page, 4);
  const left = await state(page);
  const shown = await page.evaluate(() => document.querySelector('input.scanviz-field').style.display);
  check(`${d.name}: a touch elsewhere leaves the field, the cell as it was`,
    open2 && open2.shown && left.values[5] === 1 && shown === 'none',
    `${JSON.stringify(left.values)}, field ${shown}, ${JSON.stringify(open2)}`);
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyZ');  // undo the edit
  await page.keyboard.up('Control');
  await frames(page, 3);
}

// Click and type (issue #37 item 10): a tap selects a cell, a hardware keyboard's digits (a
// tablet's) then open the page's field on its input cell holding them, the caret after them, and
// Enter applies; 5 chose the Numerics tab instead.
async function testClickAndType(page, d) {
  await sleep(600);  // no double tap with the last tap
  await tapWidget(page, 'input[4]');
  const sel = await waitState(page, (x) => x.selected !== null, 3000);
  await page.keyboard.type('52');
  await frames(page, 4);
  const f = await page.evaluate(() => {
    const e = document.querySelector('input.scanviz-field');
    return e && { shown: e.style.display !== 'none', focused: document.activeElement === e,
      value: e.value, editor: e.dataset.editor, caret: e.selectionStart, end: e.selectionEnd };
  });
  check(`${d.name}: a tap selects a cell, typing 52 opens its field holding it, caret at its end`,
    sel && f && f.shown && f.focused && f.editor === 'cell' && f.value === '52' && f.caret === 2 &&
    f.end === 2, JSON.stringify(f));
  await page.keyboard.press('Enter');
  const s = await waitState(page, (x) => x.values[4] === 52, 3000);
  check(`${d.name}: Enter applies the typed value, the side panel's tab unchanged`,
    s.values[4] === 52 && s.panel !== 'numerics', `values ${JSON.stringify(s.values)}, ${s.panel}`);
  await page.keyboard.press('Escape');  // the selection
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyZ');  // undo the edit
  await page.keyboard.up('Control');
  await frames(page, 3);
}

// The Input box the same way: a tap opens the page's field over it with the values as text, its
// Enter applies them as the box's Enter does.
async function testInputBox(page, d) {
  const unfolded = await showControls(page);
  await tapWidget(page, 'input');
  const f = await page.evaluate(() => {
    const e = document.querySelector('input.scanviz-field');
    return e && { shown: e.style.display !== 'none', focused: document.activeElement === e,
      mode: e.getAttribute('inputmode'), value: e.value, editor: e.dataset.editor };
  });
  const s0 = await state(page);
  check(`${d.name}: a tap on the Input box opens the page's text field with the values`,
    f && f.shown && f.focused && f.mode === 'text' && f.editor === 'input' &&
    f.value === s0.input_text, JSON.stringify(f));
  await page.keyboard.type('5 4 3 2 1');
  await page.keyboard.press('Enter');
  const s = await waitState(page, (x) => x.values.length === 5, 3000);
  check(`${d.name}: Enter in the field applies the Input box's values`,
    JSON.stringify(s.values) === '[5,4,3,2,1]', JSON.stringify(s.values));
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyZ');  // back to the example
  await page.keyboard.up('Control');
  await waitState(page, (x) => x.values.length === 8, 3000);
  if (unfolded) await page.keyboard.press('BracketLeft');
  await frames(page, 5);
}

const KEYS = [['Control', 'KeyS'], ['Control', 'KeyO'], ['Control', 'Shift', 'KeyS'],
  ['Control', 'Equal'], ['Control', 'Minus'], ['Control', 'Digit0'], ['Control', 'Shift', 'Equal'],
  ['Control', 'NumpadAdd'], ['Control', 'NumpadSubtract'], ['Control', 'Numpad0'],
  ['Control', 'KeyA'], ['F1'], ['Control', 'KeyQ']];
async function pressCombo(page, combo) {
  for (const k of combo.slice(0, -1)) await page.keyboard.down(k);
  await page.keyboard.press(combo[combo.length - 1]);
  for (const k of combo.slice(0, -1).reverse()) await page.keyboard.up(k);
  await frames(page, 3);
}
async function testKeys(page, d) {
  await page.evaluate(() => {
    window.keyLog = [];
    window.addEventListener('keydown', (e) => {
      if (['Control', 'Shift'].indexOf(e.key) < 0) window.keyLog.push(e.defaultPrevented);
    }, true);
  });
  await page.evaluate(() => document.getElementById('canvas').focus());
  const bad = [];
  let scaleUp = 0, help = false, quit = '';
  for (const combo of KEYS) {
    const s0 = await state(page);
    await pressCombo(page, combo);
    if (combo.includes('KeyO')) await frames(page, 2);
    const s = await state(page);
    const last = await page.evaluate(() => window.keyLog[window.keyLog.length - 1]);
    if (last !== true) bad.push(combo.join('+'));
    if (combo[1] === 'Equal' && combo.length === 2) scaleUp = s.figure_scale / s0.figure_scale;
    if (combo[0] === 'F1') help = s.help;
    if (combo[1] === 'KeyQ') quit = s.notice;
  }
  check(`${d.name}: every key the page keeps reports defaultPrevented`, bad.length === 0,
    bad.length ? 'not prevented: ' + bad.join(', ') : `${KEYS.length} keys`);
  const alive = await state(page);
  check(`${d.name}: those keys still reach the app (Ctrl+= sizes the figure, F1 the help, Ctrl+Q a note)`,
    scaleUp > 1.1 && help && /close the tab/.test(quit) && alive !== null,
    `Ctrl+= x${scaleUp}, help ${help}, Ctrl+Q "${quit}"`);
  const selected = await page.evaluate(() => String(window.getSelection()));
  check(`${d.name}: Ctrl+A on the app selects nothing of the page`, selected === '',
    JSON.stringify(selected.slice(0, 40)));
  await page.keyboard.press('F1');
  await page.keyboard.press('Escape');
  await frames(page, 3);
}

async function testLinkError(browser, url, d) {
  const page = await openPage(browser, url, d, '#s=%%%');
  const s = await waitState(page, (x) => /this link does not open/.test(x.message), 5000);
  // Without a step bar, the controls' button: a phone's [ is a key and the error goes, so a bad
  // link again.
  if (await nextButton(page) === 'next') await showControls(page);
  await page.evaluate(() => Module.ccall('scanviz_web_open_link', null, ['string'], ['#s=%%%']));
  await waitState(page, (x) => /this link does not open/.test(x.message), 3000);
  await frames(page, 10);
  const kept = await state(page);  // frames without an action keep it
  await tapWidget(page, await nextButton(page));
  const after = await state(page);
  check(`${d.name}: a bad link's error leaves with the next tap`,
    /this link does not open/.test(s.message) && /this link does not open/.test(kept.message) &&
    after.message === '', `before ${JSON.stringify(s.message).slice(0, 50)}, after ${JSON.stringify(after.message)}`);
  await page.evaluate(() => Module.ccall('scanviz_web_open_link', null, ['string'], ['#s=%%%']));
  await waitState(page, (x) => /this link does not open/.test(x.message), 3000);
  await page.keyboard.press('ArrowRight');
  const key = await waitState(page, (x) => x.message === '', 2000);
  check(`${d.name}: and with the next key`, key.message === '', JSON.stringify(key.message));
  await page.browserContext().close();
}

(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  const { server, url } = await serve(SITE);
  const browser = await S.launch();
  const only = process.env.SCANVIZ_TOUCH_ONLY || '';
  try {
    for (const d of DEVICES) {
      const page = await openPage(browser, url, d);
      const cdp = await page.createCDPSession();
      // The long press with the taps (on the same button); the pinch last but the keys: the
      // zoom it leaves moves the cells.
      const tests = { taps: () => testTaps(page, cdp, d), menu: () => testMenu(page, d),
        swipe: () => testSwipe(page, cdp, d), edit: () => testEdit(page, d),
        type: () => testClickAndType(page, d),
        panel: () => testPanelButton(page, d),
        box: () => testInputBox(page, d),
        pinch: () => testPinch(page, cdp, d), keys: () => testKeys(page, d) };
      const order = ['taps', 'menu', 'panel', 'swipe', 'edit', 'type', 'box', 'pinch', 'keys'];
      for (const name of order) {
        const run = tests[name];
        if (only && !only.split(',').includes(name)) continue;
        try { await run(); } catch (e) { check(`${d.name}: ${name} ran to its end`, false, e.stack); }
      }
      check(`${d.name}: no errors on the page`, page.errors.length === 0, page.errors.slice(0, 3).join(' | '));
      await page.browserContext().close();
      if (!only || only.includes('link')) await testLinkError(browser, url, d);
    }
  } catch (e) {
    check('the test ran to its end', false, e.stack);
  } finally {
    await S.close(browser);
    server.kill();
  }
  const { passed, failed } = S.tally;
  console.log(`web tests: touch ${failed === 0 ? 'ok' : 'FAILED'} (${passed} passed, ${failed} failed)`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
})();
