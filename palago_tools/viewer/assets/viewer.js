(function () {
  "use strict";
  var SVGNS = "http://www.w3.org/2000/svg";
  var SQRT3 = Math.sqrt(3);
  var THEME_KEY = "palago-viewer-theme";
  var ZOOMS = [1, 1.5, 2, 3, 4];
  var root = document.documentElement;
  var viewers = [];
  var active = null;
  var multi = document.querySelectorAll(".record").length > 1;

  // The page's words the script writes, in the page's language (<html data-w-…>).
  function said(name) { return root.getAttribute("data-w-" + name) || ""; }
  function svg(name, attrs) {
    var el = document.createElementNS(SVGNS, name);
    Object.keys(attrs).forEach(function (key) { el.setAttribute(key, attrs[key]); });
    return el;
  }
  function clear(el) { while (el.firstChild) { el.removeChild(el.firstChild); } }
  function list(text) { return text ? text.split(" ") : []; }
  function disable(button, off) {
    if (button) { button.setAttribute("aria-disabled", off ? "true" : "false"); }
  }
  function round(x) { return Math.round(x * 100) / 100; }

  function Viewer(section) {
    var self = this;
    this.section = section;
    this.number = Number(section.getAttribute("data-record"));
    this.board = section.querySelector("svg.board");
    this.spin = this.board.querySelector(".spin");
    this.layers = {};
    ["under", "tiles", "over", "marks"].forEach(function (name) {
      self.layers[name] = self.board.querySelector("." + name);
    });
    this.s = Number(this.board.getAttribute("data-s"));
    this.ox = Number(this.board.getAttribute("data-ox"));
    this.oy = Number(this.board.getAttribute("data-oy"));
    this.pad = Number(this.board.getAttribute("data-pad"));
    this.moves = [];
    this.parent = [];
    this.kids = [];
    Array.prototype.forEach.call(section.querySelectorAll(".move[data-i]"), function (button) {
      var i = Number(button.getAttribute("data-i"));
      var p = button.hasAttribute("data-p") ? Number(button.getAttribute("data-p")) : -1;
      self.moves[i] = button;
      self.parent[i] = p;
      self.kids[i] = self.kids[i] || [];
      if (p >= 0) { (self.kids[p] = self.kids[p] || []).push(i); }
      button.addEventListener("click", function () { self.show(i, true); });
    });
    this.infos = [];
    Array.prototype.forEach.call(section.querySelectorAll(".info"), function (info) {
      self.infos[Number(info.getAttribute("data-i"))] = info;
    });
    this.templates = {};
    Array.prototype.forEach.call(section.querySelectorAll("template[data-i]"), function (t) {
      self.templates[t.getAttribute("data-i")] = t;
    });
    this.points = {};
    this.now = section.querySelector(".evgraph .ev-now");
    Array.prototype.forEach.call(section.querySelectorAll(".evgraph [data-i]"), function (point) {
      var i = Number(point.getAttribute("data-i"));
      if (point.tagName === "circle") { self.points[i] = point; }
      point.addEventListener("click", function () { self.show(i, true); });
    });
    this.list = section.querySelector(".movelist");
    this.said = section.querySelector(".said");
    this.where = section.querySelector(".where");
    this.tiles = {};
    this.current = -1;
    this.ready = false;
    this.timer = null;
    this.rot = Number(section.getAttribute("data-rot") || 0);
    this.flip = section.getAttribute("data-flip") === "1";
    this.zoom = 0;
    this.act = {};
    Array.prototype.forEach.call(section.querySelectorAll("[data-act]"), function (control) {
      var name = control.getAttribute("data-act");
      self.act[name] = control;
      if (control.tagName === "SELECT") {
        control.addEventListener("change", function () { if (self.timer) { self.play(); self.play(); } });
      } else {
        control.addEventListener("click", function () {
          if (control.getAttribute("aria-disabled") === "true") { return; }
          self.command(name, true);
        });
      }
    });
    var wrap = section.querySelector(".boardwrap");
    var start = null;
    wrap.addEventListener("pointerdown", function (event) {
      if (event.pointerType !== "mouse") { start = [event.clientX, event.clientY]; }
    });
    wrap.addEventListener("pointerup", function (event) {
      if (!start || self.zoom) { start = null; return; }
      var dx = event.clientX - start[0], dy = event.clientY - start[1];
      start = null;
      if (Math.abs(dx) > 40 && Math.abs(dx) > 1.5 * Math.abs(dy)) { self.command(dx < 0 ? "next" : "prev", true); }
    });
    var wheeled = 0;
    wrap.addEventListener("wheel", function (event) {
      if (self.zoom || event.ctrlKey || self.moves.length < 2) { return; }
      event.preventDefault();
      var now = Date.now();
      if (now - wheeled < 120 || Math.abs(event.deltaY) < 1) { return; }
      wheeled = now;
      self.command(event.deltaY > 0 ? "next" : "prev", true);
    }, {passive: false});
  }

  Viewer.prototype.at = function (cell) {
    var qr = cell.split(",");
    var q = Number(qr[0]), r = Number(qr[1]);
    return [round(SQRT3 * (q + r / 2) * this.s + this.ox), round(1.5 * r * this.s + this.oy)];
  };

  Viewer.prototype.changes = function (i) {
    var out = [];
    list(this.moves[i].getAttribute("data-d")).forEach(function (op) {
      var m = /^([+-])(-?\d+,-?\d+)([RLD]?)(\d*)$/.exec(op);
      if (m) { out.push({add: m[1] === "+", cell: m[2], o: m[3], n: m[4]}); }
    });
    return out;
  };

  Viewer.prototype.position = function (i) {
    var chain = [];
    for (var f = i; f >= 0; f = this.parent[f]) { chain.push(f); }
    var state = {};
    for (var k = chain.length - 1; k >= 0; k--) {
      this.changes(chain[k]).forEach(function (op) {
        if (op.add) { state[op.cell] = op; } else { delete state[op.cell]; }
      });
    }
    return state;
  };

  Viewer.prototype.tile = function (op) {
    var s = this.s;
    var xy = this.at(op.cell);
    var g = svg("g", {"class": "t", "data-c": op.cell, transform: "translate(" + xy[0] + " " + xy[1] + ")"});
    g.appendChild(svg("use", {href: "#tile-" + op.o}));
    if (op.n !== "") {
      var size = op.n.length < 3 ? 0.3 * s : 0.22 * s;
      var number = svg("g", {"class": "num"});
      number.appendChild(svg("circle", {r: round(0.28 * s), "stroke-width": round(0.03 * s)}));
      var text = svg("text", {y: round(0.364 * size), "font-size": round(size), "text-anchor": "middle"});
      text.textContent = op.n;
      number.appendChild(text);
      g.appendChild(number);
    }
    return g;
  };

  Viewer.prototype.mark = function (cell, symbol, name) {
    var xy = this.at(cell);
    var use = svg("use", {href: "#" + symbol, "class": name, "data-c": cell, transform: "translate(" + xy[0] + " " + xy[1] + ")"});
    this.layers.marks.appendChild(use);
  };

  Viewer.prototype.draw = function (i) {
    var self = this;
    var state = this.position(i);
    Object.keys(this.tiles).forEach(function (cell) {
      var had = self.tiles[cell], want = state[cell];
      if (!want || want.o !== had.o || want.n !== had.n) {
        self.layers.tiles.removeChild(had.el);
        delete self.tiles[cell];
      }
    });
    Object.keys(state).forEach(function (cell) {
      if (!self.tiles[cell]) {
        var op = state[cell];
        var el = self.tile(op);
        self.layers.tiles.appendChild(el);
        self.tiles[cell] = {el: el, o: op.o, n: op.n};
      }
    });
    var button = this.moves[i];
    var changed = this.changes(i);
    var last = {}, removed = {};
    changed.forEach(function (op) { if (op.add) { last[op.cell] = op.n; } });
    changed.forEach(function (op) { if (!op.add && last[op.cell] === undefined) { removed[op.cell] = true; } });
    var lit = {}, em = {};
    list(button.getAttribute("data-hl")).forEach(function (c) { lit[c] = true; });
    var emphasis = list(button.getAttribute("data-em"));
    emphasis.forEach(function (c) { em[c] = true; });
    Object.keys(this.tiles).forEach(function (cell) {
      var cls = self.tiles[cell].el.classList;
      cls.toggle("last", last[cell] !== undefined && i > 0);
      cls.toggle("hl", !!lit[cell]);
      var faded = emphasis.length > 0 && !em[cell];
      if (cls.contains("faded") !== faded) {
        cls.toggle("faded", faded);
        var el = self.tiles[cell].el;
        if (faded) { el.appendChild(svg("use", {href: "#tile-fade", "class": "fade"})); }
        else { el.removeChild(el.querySelector(".fade")); }
      }
    });
    clear(this.layers.marks);
    if (i > 0 && this.parent[i] >= 0) {
      Object.keys(last).forEach(function (cell) {
        if (last[cell] === "") { self.mark(cell, "mark-last", "last-mark"); }  // numbered tiles show it by their number
      });
    }
    Object.keys(removed).forEach(function (cell) { self.mark(cell, "mark-removed", "removed"); });
    clear(this.layers.under);
    clear(this.layers.over);
    var template = this.templates[String(i)];
    if (template) {
      [["u", "under"], ["o", "over"]].forEach(function (pair) {
        var source = template.content.querySelector("g." + pair[0]);
        if (source) {
          Array.prototype.forEach.call(source.childNodes, function (node) {
            self.layers[pair[1]].appendChild(node.cloneNode(true));
          });
        }
      });
    }
  };

  Viewer.prototype.show = function (i, byUser) {
    if (i === undefined || i < 0 || !this.moves[i]) { return; }
    var focusInList = this.list && this.list.contains(document.activeElement);
    var old = this.moves[this.current];
    if (old) {
      old.removeAttribute("aria-current");
      old.setAttribute("tabindex", "-1");
      if (this.infos[this.current]) { this.infos[this.current].hidden = true; }
    }
    this.current = i;
    this.draw(i);
    var button = this.moves[i];
    button.setAttribute("aria-current", "step");
    button.setAttribute("tabindex", "0");
    if (this.infos[i]) { this.infos[i].hidden = false; }
    this.graphAt(i);
    if (this.list) {
      var a = this.list.getBoundingClientRect(), b = button.getBoundingClientRect();
      if (b.top < a.top + 4) { this.list.scrollTop -= a.top + 4 - b.top; }
      else if (b.bottom > a.bottom - 4) { this.list.scrollTop += b.bottom - a.bottom + 4; }
    }
    if (focusInList && byUser) { button.focus({preventScroll: true}); }
    var kids = this.kids[i] || [];
    disable(this.act.first, this.parent[i] < 0);
    disable(this.act.prev, this.parent[i] < 0);
    disable(this.act.next, kids.length === 0);
    disable(this.act.last, kids.length === 0);
    disable(this.act.main, !button.hasAttribute("data-depth"));
    if (this.where) {
      var num = button.querySelector(".num");
      this.where.textContent = (num ? num.textContent : "") + (button.hasAttribute("data-depth") ? said("variation") : "");
    }
    var label = button.getAttribute("aria-description") || "";
    this.board.setAttribute("aria-label", label);
    if (byUser && this.said) { this.said.textContent = label; }
    this.section.setAttribute("data-index", String(i));
    if (this.ready) { this.link(); }
  };

  Viewer.prototype.graphAt = function (i) {
    // The point of the turn shown, and the graph's value (a slider: its arrows step the turns).
    if (!this.now) { return; }
    Object.keys(this.points).forEach(function (key) { this.points[key].classList.remove("now"); }, this);
    var point = this.points[i];
    var graph = this.now.ownerSVGElement;
    graph.setAttribute("aria-valuenow", String(i));
    var num = this.moves[i].querySelector(".num");
    var title = point ? point.querySelector("title") : null;
    graph.setAttribute("aria-valuetext", title ? title.textContent : (num ? num.textContent + " " : "") + said("none"));
    if (!point) { this.now.setAttribute("visibility", "hidden"); return; }
    point.classList.add("now");
    this.now.setAttribute("x1", point.getAttribute("cx"));
    this.now.setAttribute("x2", point.getAttribute("cx"));
    this.now.setAttribute("visibility", "visible");
  };

  Viewer.prototype.fragment = function () {
    var key = this.moves[this.current].getAttribute("data-k");
    return (multi ? "record=" + this.number + "&" : "") + key;
  };

  Viewer.prototype.link = function () {
    try { history.replaceState(null, "", "#" + this.fragment()); } catch (e) { /* no history for this page */ }
  };

  Viewer.prototype.end = function (i) {
    while (this.kids[i] && this.kids[i].length) { i = this.kids[i][0]; }
    return i;
  };

  Viewer.prototype.sibling = function (step) {
    var p = this.parent[this.current];
    if (p < 0) { return undefined; }
    var siblings = this.kids[p];
    return siblings[siblings.indexOf(this.current) + step];
  };

  Viewer.prototype.mainLine = function () {
    var i = this.current;
    var below = i;
    while (i >= 0 && this.moves[i].hasAttribute("data-depth")) { below = i; i = this.parent[i]; }
    if (i === this.current) { return undefined; }
    var kids = this.kids[i] || [];
    return kids.length && kids[0] !== below ? kids[0] : i;
  };

  Viewer.prototype.command = function (name, byUser) {
    var kids = this.kids[this.current] || [];
    switch (name) {
      case "first": this.show(0, byUser); break;
      case "prev": this.show(this.parent[this.current], byUser); break;
      case "next": this.show(kids[0], byUser); break;
      case "last": this.show(this.end(this.current), byUser); break;
      case "down": this.show(this.sibling(1), byUser); break;
      case "up": this.show(this.sibling(-1), byUser); break;
      case "main": this.show(this.mainLine(), byUser); break;
      case "play": this.play(); break;
      case "zoom-in": this.zoomTo(this.zoom + 1); break;
      case "zoom-out": this.zoomTo(this.zoom - 1); break;
      case "rotate": this.rot = (this.rot + 120) % 360; this.view(); break;
      case "flip": this.flip = !this.flip; this.view(); break;
      case "coords": this.board.classList.toggle("coords"); this.view(); break;
      default: return false;
    }
    return true;
  };

  Viewer.prototype.play = function () {
    var self = this;
    var button = this.act.play;
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    } else {
      if (!(this.kids[this.current] || []).length) { this.show(0, true); }
      var speed = this.act.speed ? Number(this.act.speed.value) : 1200;
      this.timer = setInterval(function () {
        self.command("next", true);
        if (!(self.kids[self.current] || []).length) { self.play(); }
      }, speed);
    }
    if (button) {
      button.setAttribute("aria-pressed", this.timer ? "true" : "false");
      button.textContent = this.timer ? said("pause") : said("play");
    }
  };

  Viewer.prototype.zoomTo = function (level) {
    this.zoom = Math.max(0, Math.min(ZOOMS.length - 1, level));
    this.board.style.width = ZOOMS[this.zoom] === 1 ? "" : (ZOOMS[this.zoom] * 100) + "%";
    this.section.classList.toggle("zoomed", this.zoom > 0);
    disable(this.act["zoom-out"], this.zoom === 0);
    disable(this.act["zoom-in"], this.zoom === ZOOMS.length - 1);
  };

  Viewer.prototype.view = function () {
    var w = Number(this.board.getAttribute("data-w")), h = Number(this.board.getAttribute("data-h"));
    var cx = w / 2, cy = h / 2;
    if (this.rot === 0 && !this.flip) {
      this.spin.removeAttribute("transform");
      this.board.style.removeProperty("--untext");
      this.board.setAttribute("viewBox", "0 0 " + w + " " + h);
    } else {
      this.spin.setAttribute("transform", "translate(" + cx + " " + cy + ")" + (this.flip ? " scale(-1 1)" : "") +
        " rotate(" + (-this.rot) + ") translate(" + (-cx) + " " + (-cy) + ")");
      this.board.style.setProperty("--untext", "rotate(" + this.rot + "deg)" + (this.flip ? " scaleX(-1)" : ""));
      // the turned board's extent: every cell's centre turned, plus a hexagon and the margin
      var m = this.spin.transform.baseVal.consolidate().matrix;
      var x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity, lift = 0.51 * this.s;
      Array.prototype.forEach.call(this.board.querySelectorAll(".co text"), function (text) {
        var x = Number(text.getAttribute("x")), y = Number(text.getAttribute("y")) + lift;
        var tx = m.a * x + m.c * y + m.e, ty = m.b * x + m.d * y + m.f;
        x0 = Math.min(x0, tx); x1 = Math.max(x1, tx); y0 = Math.min(y0, ty); y1 = Math.max(y1, ty);
      });
      var px = this.pad + SQRT3 / 2 * this.s, py = this.pad + this.s;
      this.board.setAttribute("viewBox", [x0 - px, y0 - py, x1 - x0 + 2 * px, y1 - y0 + 2 * py].map(round).join(" "));
    }
    if (this.act.flip) { this.act.flip.setAttribute("aria-pressed", this.flip ? "true" : "false"); }
    if (this.act.coords) { this.act.coords.setAttribute("aria-pressed", this.board.classList.contains("coords") ? "true" : "false"); }
  };

  Viewer.prototype.find = function (params) {
    var turn = params.turn;
    if (turn === undefined) { return -1; }
    var key = "turn=" + turn + (params["var"] ? "&var=" + params["var"] : "");
    for (var i = 0; i < this.moves.length; i++) {
      if (this.moves[i] && this.moves[i].getAttribute("data-k") === key) { return i; }
    }
    return -1;
  };

  function parse(hash) {
    var params = {};
    hash = decodeURIComponent(hash.replace(/^#/, ""));
    if (/^-?\d+\+*$/.test(hash)) { return {turn: hash}; }
    var dashed = /^turn-(.+)$/.exec(hash);
    if (dashed) { return {turn: dashed[1]}; }
    hash.split("&").forEach(function (part) {
      var at = part.indexOf("=");
      if (at > 0) { params[part.slice(0, at)] = part.slice(at + 1); }
    });
    return params;
  }

  function activate(viewer) {
    viewers.forEach(function (v) { v.section.hidden = v !== viewer; if (v !== viewer && v.timer) { v.play(); } });
    active = viewer;
    var picker = document.getElementById("record-picker");
    if (picker) { picker.value = String(viewer.number); }
    viewer.view();
    if (viewer.current < 0) { viewer.show(0, false); }
  }

  function follow(hash, byUser) {
    var params = parse(hash || "");
    var viewer = viewers[0];
    if (params.record && viewers[Number(params.record) - 1]) { viewer = viewers[Number(params.record) - 1]; }
    activate(viewer);
    var i = viewer.find(params);
    if (i >= 0) { viewer.show(i, byUser); }
    viewer.ready = true;
    if (byUser) { viewer.link(); }
  }

  Array.prototype.forEach.call(document.querySelectorAll(".record"), function (section) {
    viewers.push(new Viewer(section));
  });
  if (!viewers.length) { return; }
  viewers.forEach(function (v) { v.zoomTo(0); });
  follow(location.hash, false);
  window.addEventListener("hashchange", function () { follow(location.hash, false); });

  var picker = document.getElementById("record-picker");
  if (picker) {
    picker.addEventListener("change", function () {
      activate(viewers[Number(picker.value) - 1]);
      active.link();
    });
  }

  var KEYS = {
    ArrowLeft: "prev", ArrowRight: "next", ArrowUp: "up", ArrowDown: "down", Home: "first", End: "last",
    Escape: "main", p: "play", "+": "zoom-in", "=": "zoom-in", "-": "zoom-out", r: "rotate", f: "flip", c: "coords"
  };
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || !active) { return; }
    var target = event.target;
    if (target && /^(SELECT|INPUT|TEXTAREA)$/.test(target.tagName)) { return; }
    var name = KEYS[event.key];
    if (!name) { return; }
    if ((name === "up" || name === "down") && active.sibling(name === "down" ? 1 : -1) === undefined) { return; }
    if (active.command(name, true)) { event.preventDefault(); }
  });

  var toggle = document.getElementById("theme");
  var fixed = root.hasAttribute("data-theme");
  function dark() {
    var chosen = root.getAttribute("data-theme");
    if (chosen) { return chosen === "dark"; }
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
  }
  function label() { if (toggle) { toggle.textContent = dark() ? said("light") : said("dark"); } }
  if (!fixed) {
    try {
      var saved = window.localStorage.getItem(THEME_KEY);
      if (saved === "light" || saved === "dark") { root.setAttribute("data-theme", saved); }
    } catch (e) { /* storage may be off for files */ }
  }
  if (toggle) {
    toggle.addEventListener("click", function () {
      var next = dark() ? "light" : "dark";
      root.setAttribute("data-theme", next);
      if (!fixed) {
        try { window.localStorage.setItem(THEME_KEY, next); } catch (e) { /* ignore */ }
      }
      label();
    });
  }
  label();
})();
