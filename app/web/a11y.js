// Screen readers and the keyboard on the page (issue #34, part 3; docs/web.md, "Screen readers").
// Loaded after input.js and before index.js. The page is one canvas, which a screen reader cannot
// read, so beside it:
// - a live region (role="status", polite), which announces each step's title and narration,
//   whatever changed the step (a key, a click, a tap, a link, a classroom's teacher);
// - the Text view (the bar's "Text view" button, or Alt+Shift+T): the step's narration and its
//   round as a real HTML table (a row per buffer, a column per position), walked with Tab and
//   the arrow keys.
// Both come from the app after each frame (platform_web_a11y.cpp: step_text.h, read off the trace
// the figure draws), never from a model of their own here.
(function() {
  'use strict';
  var kToggleKey = 'T';  // with Alt and Shift
  var canvas = document.getElementById('canvas');
  var about = document.getElementById('about');

  var css = document.createElement('style');
  css.textContent = [
    '.sr-only { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0;',
    '  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }',
    '#stage { flex: 1; display: flex; min-height: 0; min-width: 0; }',
    '#stage #canvas { flex: 1; width: auto; min-width: 0; height: 100%; }',
    '#textview { flex: none; width: min(42%, 560px); overflow: auto; box-sizing: border-box;',
    '  padding: 8px 12px; background: #14161b; border-left: 1px solid #2c3038; color: #e4e6eb;',
    '  font: 15px/1.45 "DejaVu Sans", sans-serif; -webkit-user-select: text; user-select: text; }',
    '#textview[hidden] { display: none; }',
    '#textview h2 { font-size: 17px; margin: 2px 0 6px; color: #ffd27a; }',
    '#textview p { margin: 0 0 8px; }',
    '#textview .caption-line { color: #b8bdc8; }',
    '#textview table { border-collapse: collapse; margin: 6px 0 10px; font-variant-numeric: tabular-nums; }',
    '#textview caption { text-align: left; font-weight: bold; padding-bottom: 4px; color: #ffd27a; }',
    '#textview th, #textview td { border: 1px solid #3c4350; padding: 2px 6px; text-align: right; }',
    '#textview th[scope=row] { text-align: left; white-space: nowrap; background: #1d2027; }',
    '#textview thead th { background: #1d2027; }',
    '#textview :focus { outline: 2px solid #7fb0ff; outline-offset: -2px; }',
    '#textview-toggle[aria-pressed=true] { background: #3d5a8a !important; }',
    // A narrow screen's one-line bar (index.html): the button keeps its room, a finger's height.
    '@media (max-width: 899px) {',
    '  #about #textview-toggle { flex: none; min-height: 44px; margin-left: 0; }',
    '  #traces { max-width: 28vw; }',
    '}',
    '@media (max-width: 599px) {',
    '  #stage { flex-direction: column; }',
    '  #textview { width: auto; height: 48%; border-left: 0; border-top: 1px solid #2c3038; }',
    '}'].join('\n');
  document.head.appendChild(css);

  // Landmarks: the bar is the banner, the figure and the Text view the main content.
  about.setAttribute('role', 'banner');
  var stage = document.createElement('main');
  stage.id = 'stage';
  canvas.parentNode.insertBefore(stage, canvas);
  // The page's title for a screen reader's list of headings (the bar says it to the eye).
  var h1 = document.createElement('h1');
  h1.className = 'sr-only';
  h1.textContent = 'ScanViz: GPU prefix sums, step by step';
  stage.appendChild(h1);
  stage.appendChild(canvas);
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', 'ScanViz figure');

  var live = document.createElement('div');
  live.id = 'announce';
  live.className = 'sr-only';
  live.setAttribute('role', 'status');
  live.setAttribute('aria-live', 'polite');
  stage.appendChild(live);

  var view = document.createElement('section');
  view.id = 'textview';
  view.hidden = true;
  view.tabIndex = 0;  // a scrolled region a keyboard can scroll
  view.setAttribute('aria-label', 'Text view');
  stage.appendChild(view);

  var toggle = document.createElement('button');
  toggle.id = 'textview-toggle';
  toggle.type = 'button';
  toggle.textContent = 'Text view';
  toggle.title = 'The step and its round as text and a table (Alt+Shift+T)';
  toggle.setAttribute('aria-pressed', 'false');
  toggle.setAttribute('aria-controls', 'textview');
  toggle.setAttribute('aria-keyshortcuts', 'Alt+Shift+T');
  about.insertBefore(toggle, document.getElementById('status'));

  function ready() { return typeof Module !== 'undefined' && Module.calledRun; }
  var last = null;  // the last step the app handed over

  function el(tag, text, attrs) {
    var e = document.createElement(tag);
    if (text != null) e.textContent = text;
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    return e;
  }

  // The round as a table: the positions head the columns, each row is headed by its buffer.
  function table(t) {
    var tab = el('table', null, {'aria-describedby': 'textview-summary'});
    tab.appendChild(el('caption', t.caption));
    var head = el('tr');
    head.appendChild(el('th', 'position', {scope: 'col'}));
    t.positions.forEach(function(p) { head.appendChild(el('th', String(p), {scope: 'col'})); });
    tab.appendChild(el('thead')).appendChild(head);
    var body = tab.appendChild(el('tbody'));
    t.rows.forEach(function(r) {
      var tr = body.appendChild(el('tr'));
      tr.appendChild(el('th', r.head, {scope: 'row'}));
      r.cells.forEach(function(c) {
        // An empty cell says so, rather than being skipped by a screen reader.
        tr.appendChild(c === '' ? el('td', '', {'aria-label': 'none'}) : el('td', c));
      });
    });
    // One cell in the Tab order (the first); the arrow keys move from it (keydown below).
    tab.querySelectorAll('th, td').forEach(function(c, i) { c.tabIndex = i ? -1 : 0; });
    return tab;
  }

  function render(s) {
    var focusedCell = view.contains(document.activeElement) && document.activeElement.cellIndex >= 0
        ? [document.activeElement.parentNode.rowIndex, document.activeElement.cellIndex] : null;
    view.textContent = '';
    view.appendChild(el('h2', s.title));
    if (s.caption !== s.title) view.appendChild(el('p', s.caption, {'class': 'caption-line'}));
    if (s.table) {
      view.appendChild(el('p', s.table.summary, {id: 'textview-summary'}));
      view.appendChild(table(s.table));
    } else {
      view.appendChild(el('p', 'This view has no block round to tabulate: its step is told below.'));
    }
    s.paragraphs.forEach(function(p) { view.appendChild(el('p', p)); });
    if (focusedCell) focusCell(focusedCell[0], focusedCell[1]);
  }

  function focusCell(row, col) {
    var tab = view.querySelector('table');
    if (!tab) return;
    row = Math.max(0, Math.min(tab.rows.length - 1, row));
    var cells = tab.rows[row].cells;
    var c = cells[Math.max(0, Math.min(cells.length - 1, col))];
    tab.querySelectorAll('[tabindex="0"]').forEach(function(x) { x.tabIndex = -1; });
    c.tabIndex = 0;
    c.focus();
  }

  // Called by the app (platform_web_a11y.cpp) after a frame that changed the step (or, while
  // the Text view is open, its table).
  function step(s) {
    var said = [s.title].concat(s.paragraphs).join(' ');
    if (!last || [last.title].concat(last.paragraphs).join(' ') !== said) {
      live.textContent = s.title + '. ' + s.paragraphs.join(' ');
      canvas.setAttribute('aria-label', 'ScanViz figure: ' + s.caption);
    }
    last = s;
    if (!view.hidden && s.table !== undefined) render(s);
  }

  function open(on) {
    view.hidden = !on;
    toggle.setAttribute('aria-pressed', on ? 'true' : 'false');
    if (ready()) Module.ccall('scanviz_web_text_view', null, ['number'], [on ? 1 : 0]);
    if (on) {
      if (ready()) step(JSON.parse(Module.ccall('scanviz_web_step_text', 'string', ['number'], [1])));
      view.focus();
    } else {
      canvas.focus();
    }
  }
  toggle.addEventListener('click', function() { open(view.hidden); });

  // Keys: Alt+Shift+T anywhere; inside the Text view (and on the bar's own controls) the keys are
  // the page's, not the app's, so Tab, the arrows and Space do what they do on a web page.
  window.addEventListener('keydown', function(e) {
    if (e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey && e.key.toUpperCase() === kToggleKey) {
      e.preventDefault();
      e.stopImmediatePropagation();
      open(view.hidden);
      return;
    }
    var t = e.target;
    var page = view.contains(t) || (about.contains(t) && t !== about);
    if (!page) return;
    e.stopImmediatePropagation();  // not the app's (emscripten's GLFW listens on window)
    if (e.key === 'Escape' && view.contains(t)) { e.preventDefault(); open(false); return; }
    if (t.cellIndex === undefined || !view.contains(t)) return;
    var row = t.parentNode.rowIndex, col = t.cellIndex;
    var moves = {ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0]};
    if (e.key in moves) {
      e.preventDefault();
      focusCell(row + moves[e.key][0], col + moves[e.key][1]);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      focusCell(row, e.key === 'Home' ? 0 : 1e9);
    }
  }, true);
  ['keyup', 'keypress'].forEach(function(type) {
    window.addEventListener(type, function(e) {
      var t = e.target;
      if (view.contains(t) || (about.contains(t) && t !== about)) e.stopImmediatePropagation();
    }, true);
  });

  window.scanvizA11y = {step: step, open: open};
})();
