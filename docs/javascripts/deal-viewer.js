/* The rule book's deal viewer: step through a replayed deal, one action at a time.
 *
 * Each <div class="sk-viewer" data-trace="viewer/..."> names a trace the book's build wrote (skruuvi.book.viewer):
 * the deal's steps as the reference interpreter replayed them, each with the four hands, the call, the cards given,
 * the trick on the table and the words to show. This script only draws what the trace says; it knows no rule of the
 * game, and every word it shows comes from the trace. Plain JavaScript, no framework, no server: the trace is a
 * static file beside the pages. Keys: left and right arrows step (on the viewer in sight even before it is clicked), Home and End jump once it has the focus (a click on it gives it); buttons for touch, and a swipe
 * across the table steps too. The current step is announced to screen readers.
 */
(function () {
  "use strict";

  var script = document.currentScript;
  // The script is javascripts/deal-viewer.js under the site's root: the traces are found from there.
  var siteRoot = new URL("../", script && script.src ? script.src : document.baseURI);
  var SVG = "http://www.w3.org/2000/svg";
  var POSITION = ["n", "e", "s", "w"]; // seats 0-3 (North East South West) round the table
  var count = 0;
  var viewers = [];  // every viewer drawn on the page, for the arrow keys when none has the focus

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) suited(node, String(text));
    return node;
  }

  // Text with the red suits (hearts, diamonds) in red: the symbols come from the trace's words.
  function suited(node, text) {
    var parts = text.split(/([\u2665\u2666])/);
    for (var i = 0; i < parts.length; i++) {
      if (!parts[i]) continue;
      if (parts[i] === "\u2665" || parts[i] === "\u2666") node.appendChild(el("span", "sk-red", null)).textContent = parts[i];
      else node.appendChild(document.createTextNode(parts[i]));
    }
    return node;
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (_, key) { return values[key]; });
  }

  function Viewer(box, trace) {
    this.box = box;
    this.t = trace;
    this.w = trace.words;
    this.at = 0;
    this.id = "sk-viewer-" + (++count);
    this.build();
    this.show(0);
  }

  Viewer.prototype.button = function (go, text, label, parent) {
    var b = el("button", "sk-v-button sk-v-" + go, text);
    b.type = "button";
    b.setAttribute("aria-label", label);
    b.setAttribute("aria-controls", this.id + "-table");
    b.addEventListener("click", this.go.bind(this, go));
    parent.appendChild(b);
    return b;
  };

  Viewer.prototype.build = function () {
    var w = this.w, self = this, box = this.box;
    box.textContent = "";
    box.tabIndex = 0;
    box.setAttribute("aria-keyshortcuts", "ArrowLeft ArrowRight Home End");
    var head = box.appendChild(el("div", "sk-v-head"));
    this.phase = head.appendChild(el("span", "sk-v-phase"));
    this.counter = head.appendChild(el("span", "sk-v-count"));
    this.caption = box.appendChild(el("p", "sk-v-caption"));
    this.caption.setAttribute("aria-hidden", "true");
    this.live = box.appendChild(el("p", "sk-v-live"));
    this.live.setAttribute("aria-live", "polite");
    this.live.setAttribute("aria-atomic", "true");

    var table = box.appendChild(el("div", "sk-v-table"));
    table.id = this.id + "-table";
    this.seats = [];
    for (var s = 0; s < 4; s++) {
      var seat = table.appendChild(el("div", "sk-v-seat sk-v-" + POSITION[s]));
      var name = seat.appendChild(el("div", "sk-v-name", this.t.seats[s].name));
      if (this.t.seats[s].dealer) name.appendChild(el("span", "sk-v-dealer", " · " + w.dealer));
      this.seats.push({box: seat, hand: seat.appendChild(el("div", "sk-v-hand"))});
    }
    this.mid = table.appendChild(el("div", "sk-v-mid"));
    this.arrows = table.appendChild(document.createElementNS(SVG, "svg"));
    this.arrows.setAttribute("class", "sk-v-arrows");
    this.arrows.setAttribute("aria-hidden", "true");
    this.table = table;

    var controls = box.appendChild(el("div", "sk-v-controls"));
    this.first = this.button("first", "\u00AB " + w.first, w.first_label, controls);
    this.back = this.button("back", "\u25C0 " + w.back, w.back_label, controls);
    this.next = this.button("next", w.next + " \u25B6", w.next_label, controls);
    this.last = this.button("last", w.last + " \u00BB", w.last_label, controls);
    var nav = box.appendChild(el("div", "sk-v-nav"));  // the slider and the jump share a row where they fit
    var slider = nav.appendChild(el("label", "sk-v-slider"));
    slider.appendChild(el("span", "sk-v-slider-word", w.slider));
    this.range = slider.appendChild(el("input"));
    this.range.type = "range";
    this.range.min = "0";
    this.range.max = String(this.t.steps.length - 1);
    this.range.addEventListener("input", function () { self.show(Number(self.range.value)); });

    var jump = nav.appendChild(el("label", "sk-v-jump"));
    jump.appendChild(el("span", "sk-v-jump-word", w.jump));
    this.jump = jump.appendChild(el("select"));
    this.t.phases.forEach(function (phase, i) {
      var option = self.jump.appendChild(el("option", null, phase.name));
      option.value = String(i);
    });
    this.jump.addEventListener("change", function () { self.show(self.t.phases[Number(self.jump.value)].start); });

    this.status = box.appendChild(el("div", "sk-v-status"));
    // The calls (and, at the end, the score) in a panel of fixed height with its own scroll: the viewer keeps
    // one size through the deal and fits one screen, however long the auction.
    var panel = box.appendChild(el("div", "sk-v-panel"));
    panel.tabIndex = -1;
    this.panel = panel;
    this.calls = panel.appendChild(el("div", "sk-v-calls"));
    this.score = panel.appendChild(el("div", "sk-v-score"));
    box.insertBefore(el("p", "sk-v-keys", w.keys), this.status);

    box.addEventListener("keydown", function (e) {
      if (e.target === self.range || e.target === self.jump || e.altKey || e.ctrlKey || e.metaKey) return;
      var go = {ArrowRight: "next", ArrowLeft: "back", Home: "first", End: "last"}[e.key];
      if (!go) return;
      e.preventDefault();
      self.go(go);
    });
    // A click or a tap anywhere on the viewer but its controls gives it the keyboard (without scrolling).
    box.addEventListener("pointerdown", function (e) {
      if (e.target.closest && e.target.closest("button, select, input, a")) return;
      box.focus({preventScroll: true});
    });
    viewers.push(this);
    var x0 = null, y0 = null;  // a swipe across the table steps (the buttons do the same)
    table.addEventListener("pointerdown", function (e) { x0 = e.clientX; y0 = e.clientY; });
    table.addEventListener("pointerup", function (e) {
      if (x0 === null) return;
      var dx = e.clientX - x0, dy = e.clientY - y0;
      x0 = null;
      if (Math.abs(dx) > 50 && Math.abs(dx) > 2 * Math.abs(dy)) self.go(dx < 0 ? "next" : "back");
    });
    if (window.ResizeObserver) new ResizeObserver(function () { self.drawArrows(); }).observe(table);
    else window.addEventListener("resize", function () { self.drawArrows(); });
  };

  Viewer.prototype.go = function (where) {
    var n = this.t.steps.length;
    var to = {first: 0, back: this.at - 1, next: this.at + 1, last: n - 1}[where];
    this.show(Math.max(0, Math.min(n - 1, to)));
  };

  Viewer.prototype.cardNode = function (code, cls) {
    var card = this.t.cards[code];
    var node = el("span", "sk-v-card" + (cls ? " " + cls : ""), card ? card.text : code);
    node.setAttribute("data-card", code);
    return node;
  };

  Viewer.prototype.show = function (i) {
    var t = this.t, w = this.w, step = t.steps[i], phase = t.phases[step.phase];
    this.at = i;
    this.phase.textContent = "";
    suited(this.phase, phase.name);
    if (phase.fi) this.phase.appendChild(el("em", "sk-v-fi", " · " + phase.fi));
    this.counter.textContent = fill(w.step, {n: i + 1, total: t.steps.length});
    this.caption.textContent = "";
    suited(this.caption, step.text);
    this.caption.classList.toggle("sk-v-bad", !!step.bad);
    this.live.textContent = fill(w.step, {n: i + 1, total: t.steps.length}) + ". " + phase.name + ". " + step.say;
    this.range.value = String(i);
    this.range.setAttribute("aria-valuetext", fill(w.step, {n: i + 1, total: t.steps.length}) + ": " + step.say);
    this.first.setAttribute("aria-disabled", String(i === 0));
    this.back.setAttribute("aria-disabled", String(i === 0));
    this.next.setAttribute("aria-disabled", String(i === t.steps.length - 1));
    this.last.setAttribute("aria-disabled", String(i === t.steps.length - 1));
    this.jump.value = String(step.phase);
    this.drawHands(step);
    this.drawMid(step);
    this.drawArrows();
    this.drawStatus(step);
    if (step.score) {  // the deal is over: the panel shows the score
      this.calls.textContent = "";
      this.drawScore(step);
      this.panel.scrollTop = 0;
    } else {
      this.drawScore(step);
      this.drawCalls(i);
    }
  };

  Viewer.prototype.moves = function (step) {
    return step.move ? [step.move] : (step.moves || []);
  };

  Viewer.prototype.drawHands = function (step) {
    var arrived = {}, self = this;
    this.moves(step).forEach(function (m) { m.cards.forEach(function (c) { arrived[c] = m.to; }); });
    for (var s = 0; s < 4; s++) {
      var hand = this.seats[s].hand;
      hand.textContent = "";
      this.seats[s].box.classList.toggle("sk-v-acting", step.seat === s);
      var held = step.hands[s];
      this.t.suits.forEach(function (suit) {
        var row = hand.appendChild(el("div", "sk-v-suit"));
        row.appendChild(el("span", "sk-v-symbol" + (suit[0] === "H" || suit[0] === "D" ? " sk-red" : ""), suit[1]));
        var any = false;
        held.forEach(function (code) {
          if (code.charAt(1) !== suit[0]) return;
          any = true;
          var rank = el("span", "sk-v-rank" + (arrived[code] === s ? " sk-v-new" : ""), self.t.cards[code].rank);
          rank.setAttribute("data-card", code);
          row.appendChild(rank);
        });
        if (!any) row.appendChild(el("span", "sk-v-void", "\u2014"));
      });
    }
  };

  Viewer.prototype.drawMid = function (step) {
    var mid = this.mid, w = this.w, self = this;
    mid.textContent = "";
    if (step.trick) {
      var trick = step.trick;
      var spot = mid.appendChild(el("div", "sk-v-trick"));
      spot.appendChild(el("div", "sk-v-trick-no", fill(w.trick, {n: trick.number})));
      trick.cards.forEach(function (code, k) {
        var seat = (trick.leader + k) % 4;
        var cls = "sk-v-played sk-v-at-" + POSITION[seat] + (trick.winner === seat ? " sk-v-win" : "")
          + (k === trick.cards.length - 1 ? " sk-v-latest" : "");
        var card = self.cardNode(code, cls);
        var spoken = self.t.seats[seat].name + (k === 0 ? ", " + w.leads : "")
          + (trick.winner === seat ? ", " + w.wins : "");
        card.setAttribute("title", spoken);
        spot.appendChild(card);
      });
      return;
    }
    if (step.centre && step.centre.length) {
      mid.appendChild(el("div", "sk-v-mid-word", w.centre));
      mid.appendChild(el("div", "sk-v-mid-note", w.face_down));  // the players do not see them until they are taken
      var cards = mid.appendChild(el("div", "sk-v-centre"));
      step.centre.forEach(function (code) { cards.appendChild(self.cardNode(code)); });
    }
  };

  // Arrows for the cards given: the current step's in full, the earlier gifts of the same phase faint.
  Viewer.prototype.drawArrows = function () {
    var svg = this.arrows, t = this.t, step = t.steps[this.at];
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    var box = this.table.getBoundingClientRect();
    if (!box.width) return;
    svg.setAttribute("viewBox", "0 0 " + box.width + " " + box.height);
    svg.setAttribute("width", box.width);
    svg.setAttribute("height", box.height);
    var defs = svg.appendChild(document.createElementNS(SVG, "defs"));
    var marker = defs.appendChild(document.createElementNS(SVG, "marker"));
    var mid = this.id + "-head";
    marker.setAttribute("id", mid);
    marker.setAttribute("viewBox", "0 0 10 10");
    marker.setAttribute("refX", "8");
    marker.setAttribute("refY", "5");
    marker.setAttribute("markerWidth", "6");
    marker.setAttribute("markerHeight", "6");
    marker.setAttribute("orient", "auto-start-reverse");
    var tip = marker.appendChild(document.createElementNS(SVG, "path"));
    tip.setAttribute("d", "M 0 0 L 10 5 L 0 10 z");
    tip.setAttribute("fill", "currentColor");
    var drawn = [];
    for (var i = t.phases[step.phase].start; i <= this.at; i++) {
      var s = t.steps[i];
      if (s.phase !== step.phase) continue;
      var self = this;
      this.moves(s).forEach(function (m) { drawn.push([m, i === self.at]); });
    }
    var rect = function (node) {
      var r = node.getBoundingClientRect();
      return {x: r.left - box.left, y: r.top - box.top, w: r.width, h: r.height};
    };
    var middle = rect(this.mid);
    for (var k = 0; k < drawn.length; k++) {
      var m = drawn[k][0];
      this.arrow(svg, m.from < 0 ? null : rect(this.seats[m.from].box), rect(this.seats[m.to].box), m.from, m.to,
                 middle, drawn[k][1], mid);
    }
  };

  // The point of a seat's box that faces the middle of the table, moved along that side toward the other seat
  // (the giver's end) or away from it (the taker's), so that a pair's two directions keep apart.
  function facing(r, seat, other, giving) {
    var along = seat % 2 ? r.h : r.w, shift = Math.min(14, along / 6) * (giving ? 1 : -1);
    // +1 when the other seat lies toward the end of this side where x (or y) grows
    var sign = seat % 2 === 0 ? (other === 1 ? 1 : other === 3 ? -1 : 0) : (other === 2 ? 1 : other === 0 ? -1 : 0);
    if (seat === 0) return [r.x + r.w / 2 + shift * sign, r.y + r.h];
    if (seat === 2) return [r.x + r.w / 2 + shift * sign, r.y];
    if (seat === 1) return [r.x, r.y + r.h / 2 + shift * sign];
    return [r.x + r.w, r.y + r.h / 2 + shift * sign];
  }

  // An arrow from the giver's box (or from the middle, for the centre cards) to the taker's, curving through the
  // middle of the table; between opposite seats it bends to its left, so that the two directions do not overlap.
  Viewer.prototype.arrow = function (svg, from, to, giver, taker, middle, current, marker) {
    var mx = middle.x + middle.w / 2, my = middle.y + middle.h / 2;
    var a = from ? facing(from, giver, taker, true) : [mx, my];
    var b = facing(to, taker, giver < 0 ? taker : giver, false);
    var dx = b[0] - a[0], dy = b[1] - a[1], len = Math.sqrt(dx * dx + dy * dy) || 1;
    var cx = (a[0] + b[0]) / 2, cy = (a[1] + b[1]) / 2;
    if (from && (giver + taker) % 2 === 0) {  // opposite seats: bend to the arrow's left
      var bend = Math.min(middle.w, middle.h) / 3;
      cx -= dy / len * bend;
      cy += dx / len * bend;
    } else if (from) {  // neighbours: through the middle of the table
      cx = (cx + mx) / 2;
      cy = (cy + my) / 2;
    }
    var path = svg.appendChild(document.createElementNS(SVG, "path"));
    path.setAttribute("d", "M " + a[0].toFixed(1) + " " + a[1].toFixed(1) + " Q " + cx.toFixed(1) + " "
      + cy.toFixed(1) + " " + b[0].toFixed(1) + " " + b[1].toFixed(1));
    path.setAttribute("class", "sk-v-arrow" + (current ? " sk-v-arrow-now" : ""));
    path.setAttribute("marker-end", "url(#" + marker + ")");
  };

  Viewer.prototype.drawStatus = function (step) {
    var status = this.status, w = this.w;
    status.textContent = "";
    if (step.status) status.appendChild(el("span", "sk-v-contract", step.status));
    if (step.tricks) {
      var won = status.appendChild(el("span", "sk-v-won", w.tricks + ": "));
      won.appendChild(document.createTextNode(step.tricks.map(function (p) { return p[0] + " " + p[1]; }).join(" \u00B7 ")));
    }
  };

  // The auction in columns: the calls of the latest phase with calls, up to the current step.
  Viewer.prototype.drawCalls = function (i) {
    var t = this.t, calls = this.calls, p = t.steps[i].phase;
    calls.textContent = "";
    while (p >= 0 && !t.phases[p].columns) p--;
    if (p < 0) return;
    var phase = t.phases[p], rows = [];
    for (var k = phase.start; k <= i && k < t.steps.length; k++) {
      var s = t.steps[k];
      if (s.phase !== p || !s.call) continue;
      while (rows.length <= s.call.row) rows.push(phase.columns.map(function () { return null; }));
      rows[s.call.row][s.call.col] = [s.call.text, k === i];
    }
    if (!rows.length) return;
    calls.appendChild(el("div", "sk-v-calls-title", this.w.calls + ": " + phase.name));
    var table = calls.appendChild(el("table", "sk-v-calls-table"));
    var head = table.appendChild(el("thead")).appendChild(el("tr"));
    phase.columns.forEach(function (name) { head.appendChild(el("th", null, name)).setAttribute("scope", "col"); });
    var body = table.appendChild(el("tbody"));
    rows.forEach(function (row) {
      var tr = body.appendChild(el("tr"));
      row.forEach(function (cell) {
        var td = tr.appendChild(el("td", cell && cell[1] ? "sk-v-now" : null, cell ? cell[0] : ""));
        if (cell && cell[1]) td.setAttribute("aria-current", "step");
      });
    });
    this.followCall();
  };

  // The panel scrolls itself (never the page) to keep the latest call in sight, or shows the end of the calls.
  Viewer.prototype.followCall = function () {
    var panel = this.panel, now = panel.querySelector(".sk-v-now");
    if (!now) { panel.scrollTop = 0; return; }
    var p = panel.getBoundingClientRect(), r = now.getBoundingClientRect();
    if (r.bottom > p.bottom) panel.scrollTop += r.bottom - p.bottom + 4;
    else if (r.top < p.top + 24) panel.scrollTop -= p.top + 24 - r.top;
  };

  Viewer.prototype.drawScore = function (step) {
    var score = this.score, w = this.w, sheet = step.score;
    score.textContent = "";
    if (!sheet) return;
    score.appendChild(el("div", "sk-v-calls-title", w.score));
    var table = score.appendChild(el("table", "sk-v-score-table"));
    var head = table.appendChild(el("thead")).appendChild(el("tr"));
    [w.rule].concat(sheet.columns ? [w.column] : [], sheet.head).forEach(function (name) {
      head.appendChild(el("th", null, name)).setAttribute("scope", "col");
    });
    var body = table.appendChild(el("tbody"));
    sheet.rows.forEach(function (row) {
      var tr = body.appendChild(el("tr"));
      row.forEach(function (cell) { tr.appendChild(el("td", null, cell)); });
    });
    sheet.totals.forEach(function (row) {
      var tr = body.appendChild(el("tr", "sk-v-total"));
      tr.appendChild(el("td", null, w.total));
      row.forEach(function (cell) { tr.appendChild(el("td", null, cell)); });
    });
  };

  // The viewer most in sight, if at least half of it (or of the screen) shows it: the one the arrow keys step when
  // nothing on the page has the focus, so that a reader who scrolled to a deal can press → at once.
  function inSight() {
    var best = null, most = 0, h = window.innerHeight;
    viewers.forEach(function (v) {
      var r = v.box.getBoundingClientRect();
      var seen = Math.max(0, Math.min(r.bottom, h) - Math.max(r.top, 0));
      var share = r.height ? seen / Math.min(r.height, h) : 0;
      if (share >= 0.5 && seen > most) { best = v; most = seen; }
    });
    return best;
  }

  document.addEventListener("keydown", function (e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var go = {ArrowRight: "next", ArrowLeft: "back"}[e.key];
    var active = document.activeElement;
    if (!go || (active && active !== document.body && active !== document.documentElement)) return;
    var v = inSight();
    if (!v) return;
    e.preventDefault();
    v.box.focus({preventScroll: true});
    v.go(go);
  });

  function start(box) {
    if (box.getAttribute("data-started")) return;
    box.setAttribute("data-started", "1");
    var note = box.querySelector(".sk-viewer-nojs");
    if (note) note.textContent = box.getAttribute("data-loading") || note.textContent;
    fetch(new URL(box.getAttribute("data-trace"), siteRoot).href)
      .then(function (r) { if (!r.ok) throw new Error("HTTP " + r.status); return r.json(); })
      .then(function (trace) { new Viewer(box, trace); box.setAttribute("data-ready", "1"); })
      .catch(function () {
        box.textContent = "";
        box.appendChild(el("p", "sk-viewer-failed", box.getAttribute("data-failed") || ""));
        box.setAttribute("data-ready", "failed");
      });
  }

  function init() {
    var boxes = document.querySelectorAll(".sk-viewer[data-trace]");
    if (!("IntersectionObserver" in window)) {
      Array.prototype.forEach.call(boxes, start);
      return;
    }
    // A page may hold a dozen deals: each trace is loaded when its viewer comes near the screen.
    var seen = new IntersectionObserver(function (entries) {
      entries.forEach(function (e) { if (e.isIntersecting) { seen.unobserve(e.target); start(e.target); } });
    }, {rootMargin: "800px 0px"});
    Array.prototype.forEach.call(boxes, function (box) { seen.observe(box); });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
