// The classroom (issue #34; docs/classroom.md): the page opened from `scanviz-cli serve`'s
// addresses. `#class&key=KEY` makes it the teacher's: each change of the view (its share
// fragment, what Copy link writes) is POSTed to /class/publish, at most one request in flight and
// the latest view always sent. `#class` makes it a student's: it follows /class/events (an
// EventSource, which reconnects on its own), applying each view as a share link opens, until the
// student changes the view themself; then "Following paused · Rejoin" (the button, or R) brings
// back the teacher's current view (/class/state). Loaded before the app (index.js); it waits for
// the app where it needs it. window.scanvizClass says where it stands (the tests read it).
// The delays from the teacher's key to the students' screens: scripts/classroom_bench.js.
'use strict';
(function() {
  var m = /^#class(?:&key=([^&]*))?(?:&|$)/.exec(location.hash);
  if (!m) return;
  var key = m[1] ? decodeURIComponent(m[1]) : '';
  var me = window.scanvizClass = { role: key ? 'teacher' : 'student', following: !key,
    connected: false, published: 0, applied: 0, error: '', teacherLink: '', seq: 0 };

  // [SECTION] The bar: a line under the page's own, a Rejoin button on a student's page.
  var box = document.createElement('div');
  box.id = 'classroom';
  box.setAttribute('role', 'status');
  var text = document.createElement('span');
  text.id = 'classroom-text';
  var rejoin = document.createElement('button');
  rejoin.id = 'rejoin';
  rejoin.textContent = 'Rejoin';
  rejoin.title = 'Back to the teacher\'s view, and follow it again (R)';
  rejoin.hidden = true;
  box.appendChild(text);
  box.appendChild(rejoin);
  function place() {
    var about = document.getElementById('about');
    about.parentNode.insertBefore(box, about.nextSibling);
  }
  if (document.getElementById('about')) place();
  else document.addEventListener('DOMContentLoaded', place);
  function show(line, paused) {
    text.textContent = line;
    rejoin.hidden = !paused;
    box.classList.toggle('paused', !!paused);
  }

  function ready() { return typeof Module !== 'undefined' && Module.calledRun; }
  function share() { return Module.ccall('scanviz_web_share', 'string', [], []); }
  var studentsUrl = location.origin + location.pathname + '#class';

  // The channel (/class/events). EventSource reconnects on its own after the server's `retry:`
  // (1 s), but a page whose attempts kept failing while the server was down came back only
  // seconds after the others (seen in the classroom test): past 1.5 s without a connection the
  // page opens a new one itself.
  function channel(handlers) {
    var es = null, timer = 0;
    function open() {
      if (es) es.close();
      es = new EventSource('/class/events');
      es.onopen = function() {
        clearTimeout(timer);
        timer = 0;
        handlers.open();
      };
      es.onerror = function() {
        handlers.error();
        if (!timer) timer = setTimeout(function() { timer = 0; open(); }, 1500);
      };
      if (handlers.view) es.addEventListener('view', handlers.view);
    }
    open();
  }

  if (key) teach(); else follow();

  // [SECTION] The teacher's page
  function teach() {
    var sent = null, inflight = false, retryAt = 0, backoff = 250, postedAt = 0;
    show('Teaching · students: ' + studentsUrl);
    var toldUrl = false;  // View > Show QR code (J) shows the students' address
    function publish() {
      if (ready() && !toldUrl) {
        Module.ccall('scanviz_web_students_url', null, ['string'], [studentsUrl]);
        toldUrl = true;
      }
      if (!ready() || inflight || Date.now() < retryAt || Date.now() - postedAt < 50) return;
      var f = share();
      if (!f || f === sent) return;
      inflight = true;
      postedAt = Date.now();
      fetch('/class/publish', { method: 'POST', body: f, cache: 'no-store',
        headers: { 'X-ScanViz-Key': key, 'Content-Type': 'text/plain' } })
        .then(function(r) {
          if (r.status === 204) {
            sent = f;
            backoff = 250;
            me.published++;
            show('Teaching · students: ' + studentsUrl);
          } else {
            // 403: not this server's key; 413: the view is too big for the channel. Said, and
            // tried again later (a restarted server with the same key takes it).
            retryAt = Date.now() + 2000;
            show('Teaching: the server refused the view (' + r.status +
                 (r.status === 403 ? ': not this class\'s key' : '') + ')');
          }
        })
        .catch(function() {
          retryAt = Date.now() + backoff;
          backoff = Math.min(backoff * 2, 2000);
          show('Teaching: server not answering (retrying)');
        })
        .finally(function() { inflight = false; });
    }
    // After each of the app's frames (its animation frame callback runs before this one), and
    // every 100 ms for a hidden tab: coalesced, at most one request in flight and one each 50 ms,
    // the last view always sent.
    (function frame() {
      publish();
      requestAnimationFrame(frame);
    })();
    setInterval(publish, 100);
    // The channel tells a restarted server apart: on each (re)connection the current view goes
    // again, so the students of a restarted server catch up at once.
    channel({
      open: function() {
        me.connected = true;
        sent = null;
        retryAt = 0;
        publish();
      },
      error: function() { me.connected = false; },
    });
  }

  // [SECTION] A student's page
  function follow() {
    var want = null;           // the teacher's link waiting for the app
    var expect = 0;            // scanviz_web_follow calls made
    var followed = null;       // the view's fragment after the last applied link
    var actedAt = -1e9;        // the student's last own input
    show('Following the teacher · connecting…');
    function status() {
      if (!me.following) return show('Following paused · ', true);
      var line = 'Following the teacher';
      if (!me.connected) line += ' · reconnecting…';
      if (me.error) line += ' · ' + me.error;
      show(line, false);
    }
    function apply(link) {
      if (!ready()) { want = link; return; }
      want = null;
      expect++;
      Module.ccall('scanviz_web_follow', null, ['string'], [link]);
    }
    // What the app did with the links handed over (it applies them at the end of a frame).
    function settle() {
      if (!ready()) return;
      if (want !== null) apply(want);
      if (followed === null) followed = share();
      var r = JSON.parse(Module.ccall('scanviz_web_followed', 'string', [], []));
      if (r.n > me.applied) {
        me.applied = r.n;
        if (r.n === expect) followed = r.fragment;
        me.error = r.error;
        status();
      }
    }
    // The student's own change of the view: it differs from the last one followed, after input
    // of theirs (a key, a click, a tap, the wheel, a control of the page).
    function detached() {
      if (!me.following || followed === null || me.applied < expect) return false;
      if (Date.now() - actedAt > 2000) return false;
      if (share() === followed) return false;
      me.following = false;
      status();
      return true;
    }
    setInterval(function() { settle(); detached(); }, 50);

    channel({
      open: function() { me.connected = true; status(); },
      error: function() { me.connected = false; status(); },
      view: function(e) {
        var d = JSON.parse(e.data);
        me.seq = d.seq;
        me.teacherLink = d.link;
        if (!me.following || !d.link) return;
        if (ready()) settle();
        if (ready() && detached()) return;  // the student changed the view just before
        apply(d.link);
      },
    });

    function acted(e) {
      if (e.target === rejoin) return;
      actedAt = Date.now();
    }
    window.addEventListener('keydown', acted, true);
    ['pointerdown', 'touchstart', 'wheel'].forEach(function(t) {
      window.addEventListener(t, acted, { capture: true, passive: true });
    });
    window.addEventListener('change', acted, true);

    me.rejoin = function() {
      me.following = true;
      me.error = '';
      actedAt = -1e9;  // the student's own changes before Rejoin are left behind, not a new pause
      status();
      return fetch('/class/state', { cache: 'no-store' })
        .then(function(r) { return r.json(); })
        .then(function(d) { me.teacherLink = d.link; me.seq = d.seq; })
        .catch(function() { /* the server is down: the last link the channel brought */ })
        .then(function() { if (me.teacherLink) apply(me.teacherLink); });
    };
    rejoin.addEventListener('click', function() {
      me.rejoin();
      if (typeof Module !== 'undefined' && Module.canvas) Module.canvas.focus();
    });
    // R rejoins (the button's tooltip and F1 say so), kept from the app, unless a text field has the
    // keyboard.
    window.addEventListener('keydown', function(e) {
      if (me.following || e.ctrlKey || e.altKey || e.metaKey || (e.key !== 'r' && e.key !== 'R'))
        return;
      var a = document.activeElement;
      if (a && (a.tagName === 'INPUT' || a.tagName === 'TEXTAREA' || a.tagName === 'SELECT')) return;
      if (ready() && JSON.parse(Module.ccall('scanviz_web_state', 'string', [], [])).text_input)
        return;
      e.preventDefault();
      e.stopImmediatePropagation();
      me.rejoin();
    }, true);
  }
})();
