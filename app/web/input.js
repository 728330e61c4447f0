// The page's touch, keys and text field (docs/web.md, "Touch and phones"). Loaded before index.js,
// so these capture listeners on window run before emscripten's GLFW's (keys on window, touch and
// mouse on the canvas). GLFW's own touch handling pressed the mouse at the last mouse position on
// touchstart and the browser then sent its emulated mouse events too: every tap counted twice.
// Here a touch never reaches GLFW as a touch; it becomes one mouse click (a tap), a mouse drag
// (off the figure), a swipe that steps, a pinch or two-finger drag of the figure, or a hover (a
// long press), and the browser's emulated mouse events after it are dropped.
(function() {
  'use strict';
  var canvas = document.getElementById('canvas');
  var kSlop = 10;       // CSS pixels a finger may wander and still tap
  var kSwipe = 40;      // CSS pixels across, at least, for a swipe
  var kLongMs = 500;    // a press this long without moving hovers
  var kEmulatedMs = 1000;  // the browser's mouse events this soon after a touch are its emulation

  // The page never zooms nor selects (Ctrl+A in the app's field selected the page's bar too);
  // the canvas takes every gesture itself. A rule, not the canvas's style: emscripten resets it.
  var css = document.createElement('style');
  css.textContent = '#canvas { touch-action: none; }\n' +
      'html, body { -webkit-user-select: none; user-select: none; -webkit-touch-callout: none; }\n' +
      'input.scanviz-field { -webkit-user-select: text; user-select: text; position: fixed;' +
      ' z-index: 10; box-sizing: border-box; margin: 0; padding: 0 4px; font: 16px "DejaVu Sans",' +
      ' sans-serif; color: #f0f0f0; background: #20242c; border: 2px solid #5b8def;' +
      ' border-radius: 3px; outline: none; }';
  document.head.appendChild(css);

  function ready() { return typeof Module !== 'undefined' && Module.calledRun; }
  function call(name, types, args) {
    if (!ready()) return 0;
    return Module.ccall(name, 'number', types, args);
  }
  // The canvas's pixels (ImGui's), from a point on the page.
  function canvasXY(cx, cy) {
    var r = canvas.getBoundingClientRect();
    return [(cx - r.left) * canvas.width / r.width, (cy - r.top) * canvas.height / r.height];
  }
  function mouse(type, cx, cy, buttons) {
    canvas.dispatchEvent(new MouseEvent(type, {
      clientX: cx, clientY: cy, button: 0, buttons: buttons, bubbles: true, cancelable: true,
      view: window}));
  }
  // The pointer leaves the app: no hover, no tooltip stays after a finger lifts.
  function park() { mouse('mousemove', -10000, -10000, 0); }
  function frameNow() { call('scanviz_web_frame_now', [], []); }
  // One click, each half in its own frame, then the pointer leaves.
  function tap(cx, cy) {
    mouse('mousemove', cx, cy, 0);
    mouse('mousedown', cx, cy, 1);
    frameNow();
    mouse('mouseup', cx, cy, 0);
    frameNow();
    park();
  }

  var lastTouch = -1e9;
  var g = null;  // the gesture under way
  function pair(touches) {
    var a = touches[0], b = touches[1];
    return {cx: (a.clientX + b.clientX) / 2, cy: (a.clientY + b.clientY) / 2,
            d: Math.max(1, Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY))};
  }
  function longPress() {
    if (!g || g.mode !== 'tap') return;
    g.mode = 'long';
    mouse('mousemove', g.x, g.y, 0);  // what hovering shows, until the next touch
  }
  function onTouchStart(e) {
    lastTouch = performance.now();
    // A touch on the app leaves the page's field (the cancelled touch would not move the focus).
    if (fieldId) endField(false);
    call('scanviz_web_touch', ['number'], [1]);
    if (e.touches.length === 1) {
      park();
      var t = e.touches[0], p = canvasXY(t.clientX, t.clientY);
      g = {mode: 'tap', x0: t.clientX, y0: t.clientY, x: t.clientX, y: t.clientY, t0: e.timeStamp,
           figure: call('scanviz_web_on_figure', ['number', 'number'], [p[0], p[1]]) === 1,
           timer: setTimeout(longPress, kLongMs)};
    } else if (e.touches.length === 2) {
      if (g) {
        clearTimeout(g.timer);
        if (g.mode === 'drag') mouse('mouseup', g.x, g.y, 0);
      }
      park();
      g = {mode: 'two', last: pair(e.touches)};
    }
  }
  function onTouchMove(e) {
    if (!g) return;
    if (g.mode === 'two') {
      if (e.touches.length < 2) return;
      var now = pair(e.touches), last = g.last, r = canvas.getBoundingClientRect();
      var k = canvas.width / r.width, c = canvasXY(now.cx, now.cy);
      call('scanviz_web_gesture', ['number', 'number', 'number', 'number', 'number', 'number'],
           [1, (now.cx - last.cx) * k, (now.cy - last.cy) * k, now.d / last.d, c[0], c[1]]);
      g.last = now;
      return;
    }
    var t = e.touches[0];
    g.x = t.clientX;
    g.y = t.clientY;
    if (g.mode === 'tap' && Math.hypot(g.x - g.x0, g.y - g.y0) > kSlop) {
      clearTimeout(g.timer);
      g.mode = g.figure ? 'swipe' : 'drag';
      if (g.mode === 'drag') {  // a slider, a scrollbar, a splitter: the mouse's drag
        mouse('mousemove', g.x0, g.y0, 0);
        mouse('mousedown', g.x0, g.y0, 1);
        frameNow();
      }
    }
    if (g.mode === 'drag') mouse('mousemove', g.x, g.y, 1);
    if (g.mode === 'long') mouse('mousemove', g.x, g.y, 0);
  }
  function onTouchEnd(e) {
    lastTouch = performance.now();
    if (!g) return;
    if (e.touches.length > 0) {  // one finger of two lifted: the pinch is over
      if (g.mode === 'two') g.mode = 'done';
      return;
    }
    clearTimeout(g.timer);
    var dx = g.x - g.x0, dy = g.y - g.y0;
    // A busy page runs the long press's timer late, after a short touch's end was queued: by the
    // touch's own times it was a tap.
    if (g.mode === 'long' && e.timeStamp - g.t0 < kLongMs) g.mode = 'tap';
    if (e.type === 'touchcancel') {
      if (g.mode === 'drag') mouse('mouseup', g.x, g.y, 0);
    } else if (g.mode === 'tap') {
      tap(g.x0, g.y0);
    } else if (g.mode === 'drag') {
      mouse('mouseup', g.x, g.y, 0);
      frameNow();
      park();
    } else if (g.mode === 'swipe' && Math.abs(dx) >= kSwipe && Math.abs(dx) > 1.5 * Math.abs(dy)) {
      var p = canvasXY(g.x0, g.y0), r = canvas.getBoundingClientRect();
      call('scanviz_web_gesture', ['number', 'number', 'number', 'number', 'number', 'number'],
           [0, dx * canvas.width / r.width, dy * canvas.height / r.height, 1, p[0], p[1]]);
    }
    g = null;
  }
  // The touch is the app's alone: not GLFW's touch handlers, not the browser's scroll, zoom or
  // emulated mouse events (cancelled here, Chromium sends none).
  function own(handler) {
    return function(e) {
      if (e.target !== canvas) return;  // the page's field and bar keep the browser's ways
      e.preventDefault();
      e.stopImmediatePropagation();
      handler(e);
    };
  }
  var opts = {capture: true, passive: false};
  window.addEventListener('touchstart', own(onTouchStart), opts);
  window.addEventListener('touchmove', own(onTouchMove), opts);
  window.addEventListener('touchend', own(onTouchEnd), opts);
  window.addEventListener('touchcancel', own(onTouchEnd), opts);
  // A browser that emulates the mouse anyway: its events right after a touch are dropped (the
  // ones above are the page's own, not trusted); a real mouse's press ends the touch mode.
  ['mousedown', 'mouseup', 'mousemove', 'click', 'dblclick'].forEach(function(type) {
    window.addEventListener(type, function(e) {
      if (!e.isTrusted) return;
      if (performance.now() - lastTouch < kEmulatedMs) {
        e.preventDefault();
        e.stopImmediatePropagation();
      } else if (type === 'mousedown') {
        call('scanviz_web_touch', ['number'], [0]);
      }
    }, true);
  });

  // [SECTION] The page's text field over a cell or the Input box (platform_web.cpp asks for it)
  var field = null, fieldId = '', closing = false;
  function endField(apply) {
    if (!fieldId || closing) return;
    var id = fieldId, text = field.value;
    hideField();
    call('scanviz_web_field_end', ['string', 'number', 'string'], [id, apply ? 1 : 0, text]);
  }
  function hideField() {
    fieldId = '';
    if (!field || field.style.display === 'none') return;
    closing = true;
    field.blur();
    field.style.display = 'none';
    closing = false;
  }
  function makeField() {
    var f = document.createElement('input');
    f.className = 'scanviz-field';
    f.type = 'text';
    f.autocomplete = 'off';
    f.spellcheck = false;
    f.setAttribute('autocapitalize', 'off');
    f.setAttribute('autocorrect', 'off');
    f.setAttribute('enterkeyhint', 'done');
    f.style.display = 'none';
    f.addEventListener('blur', function() { endField(false); });
    document.body.appendChild(f);
    return f;
  }
  function showField(id, x, y, w, h, text, numeric, fresh) {
    if (!id) {
      hideField();
      return;
    }
    field = field || makeField();
    var r = canvas.getBoundingClientRect(), k = r.width / canvas.width;
    var height = Math.max(h * k, 30);
    field.style.left = (r.left + x * k) + 'px';
    field.style.top = (r.top + y * k + (h * k - height) / 2) + 'px';
    field.style.width = Math.max(w * k, 64) + 'px';
    field.style.height = height + 'px';
    if (!fresh) return;
    fieldId = id;
    field.setAttribute('inputmode', (numeric & 1) ? 'decimal' : 'text');
    field.dataset.editor = id;
    field.value = text;
    field.style.display = 'block';
    field.focus();
    // Bit 2: typed into (click and type), the caret after what was typed; else all selected.
    if (numeric & 2) field.setSelectionRange(text.length, text.length);
    else field.select();
  }

  // [SECTION] Keys the page keeps from the browser; they still reach the app (GLFW listens later)
  // Ctrl+S, Ctrl+O, Ctrl+Shift+S, F1, Ctrl+= / + / - / 0 (and the keypad's); Ctrl+Q the app has no
  // use for on a page: the status line says so. Ctrl+A outside the field selects nothing of the
  // page (ImGui's fields select their own text).
  function kept(e) {
    if (e.key === 'F1') return true;
    if (!(e.ctrlKey || e.metaKey)) return false;
    return ['KeyS', 'KeyO', 'KeyQ', 'KeyA', 'Equal', 'Minus', 'Digit0', 'NumpadAdd',
            'NumpadSubtract', 'Numpad0'].indexOf(e.code) >= 0 ||
           ['+', '=', '-', '0'].indexOf(e.key) >= 0;
  }
  function isQuit(e) { return (e.ctrlKey || e.metaKey) && e.code === 'KeyQ'; }
  window.addEventListener('keydown', function(e) {
    if (field && e.target === field) {  // the field's keys are the field's, not the app's
      e.stopImmediatePropagation();
      if (kept(e) && e.code !== 'KeyA') e.preventDefault();  // nor the browser's (Ctrl+A is)
      if (e.key === 'Enter' || e.key === 'Escape') {
        e.preventDefault();
        endField(e.key === 'Enter');
      }
      return;
    }
    if (!kept(e)) return;
    e.preventDefault();
    if (isQuit(e)) {
      e.stopImmediatePropagation();
      call('scanviz_web_quit_asked', [], []);
    }
  }, true);
  ['keyup', 'keypress'].forEach(function(type) {
    window.addEventListener(type, function(e) {
      if ((field && e.target === field) || isQuit(e)) e.stopImmediatePropagation();
    }, true);
  });

  window.scanvizInput = {field: showField};
})();
