// The game-entry form (templates/console/entry.html): plain script, no build step, no
// inline code (a strict Content-Security-Policy works). The draft lives in localStorage;
// every change is sent to /console/entry/analyse, which answers with what the domain code
// makes of it (seats, trick winners, cards that follow suit, the record, the ruling).
(function () {
  "use strict";

  var root = document.getElementById("entry");
  var dataNode = document.getElementById("entry-data");
  if (!root || !dataNode) { return; }
  var data = JSON.parse(dataNode.textContent);
  var T = data.texts;
  // the seats, where cards are kept, how many a deal gives each, the steps and the 32
  // cards in their order: all from the server (referee/web/entry.py), none copied here
  var SEATS = data.seat_order;
  var HOLDERS = data.holders;
  var SIZES = data.sizes;
  var STEPS = data.steps;
  var ALL = data.card_order;  // not Object.keys(data.cards): the JSON block sorts its keys
  var SUITS = ALL.map(function (c) { return c.charAt(0); }).filter(function (s, i, all) { return all.indexOf(s) === i; });
  var KEY = root.getAttribute("data-draft-key");
  // the facts of step 4 and their controls, made from the event declarations on the server
  // (referee/web/entry_facts.py): this script names none of them
  var FACTS = {};
  data.facts.forEach(function (f) { FACTS[f.type] = f; });
  function factOf(type) { return FACTS[type] || null; }
  function cardControl(f) {
    return f ? f.controls.filter(function (c) { return c.kind === "card" || c.kind === "cards"; })[0] || null : null;
  }
  // facts whose place is a number by their nature (a card, the bidding, the declaration)
  function pinned(type) { var f = factOf(type); return !!f && (f.at !== null || f.after_card); }
  var UNDO_KEY = KEY + "-undo";

  function fmt(s, params) {
    return String(s).replace(/\{(\w+)\}/g, function (m, k) { return k in params ? params[k] : m; });
  }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") { node.textContent = attrs[k]; } else if (k === "cls") { node.className = attrs[k]; } else { node.setAttribute(k, attrs[k]); }
    });
    (children || []).forEach(function (c) { if (c) { node.appendChild(c); } });
    return node;
  }
  function $(id) { return document.getElementById(id); }

  function blank() {
    return {
      v: 1, step: STEPS[0], table_size: 3, players: {}, declarer: null, passed: false, bid: null,
      hand: false, game: null, schneider: false, schwarz: false, ouvert: false,
      plays: [], cards: emptyHolders(), skat_dealt: [],
      incidents: [], by: "", holder: HOLDERS[0], auction_on: false, auction: [], auction_seat: null,
      inc: blankIncident()
    };
  }
  function emptyHolders() {
    var out = {};
    HOLDERS.forEach(function (h) { out[h] = []; });
    return out;
  }
  function blankIncident() {
    // no place among the auction's steps until the referee chooses one (see needsStep)
    return { type: null, seat: null, at: "end", cards: [], step: null };
  }
  function load(key, fallback) {
    try { var v = JSON.parse(window.localStorage.getItem(key)); return v || fallback; } catch (e) { return fallback; }
  }
  function store() {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(draft));
      window.localStorage.setItem(UNDO_KEY, JSON.stringify(undo.slice(-200)));
    } catch (e) { /* private mode: the draft lives as long as the page */ }
  }

  // the court's amendment starts from the revision's record (views_amend.py), a new game blank
  function start() {
    var d = data.prefill ? Object.assign(blank(), data.prefill) : blank();
    d.auction_on = !!(d.auction && d.auction.length);  // a record whose auction matters
    // what came after the last card stays after the last card when more cards are entered
    (d.incidents || []).forEach(function (x) {
      if (x.at === d.plays.length && !pinned(x.type)) { x.at = "end"; }
    });
    return d;
  }
  var draft = load(KEY, null);
  if (!draft || draft.v !== 1) { draft = start(); }
  if (STEPS.indexOf(draft.step) < 0) { draft.step = STEPS[0]; }  // a draft of an older form
  if (draft.inc && !draft.inc.type) { draft.inc.step = null; }  // an older form preset step 0
  var undo = load(UNDO_KEY, []);
  var analysis = null;
  var asked = 0;

  // -- changes: every one can be undone ----------------------------------------------------
  function change(fn, quiet) {
    undo.push(JSON.stringify(draft));
    fn(draft);
    store();
    render();
    if (!quiet) { analyse(); }
  }
  $("entry-undo").addEventListener("click", function () {
    if (!undo.length) { return; }
    draft = JSON.parse(undo.pop());
    store(); render(); analyse();
  });
  $("entry-restart").addEventListener("click", function () {
    if (!window.confirm(T.restart_confirm)) { return; }
    change(function () { draft = start(); });
  });

  // -- the server's view of the draft ------------------------------------------------------
  function payload() {
    var d = draft;
    return {
      table_size: d.table_size, players: d.players, declarer: d.declarer, passed: d.passed,
      bid: d.bid, hand: d.hand, game: d.game, schneider: d.schneider, schwarz: d.schwarz,
      ouvert: d.ouvert, plays: d.plays, cards: d.cards, skat_dealt: d.skat_dealt, incidents: d.incidents,
      auction: d.auction_on ? (d.auction || []) : [], meta: d.meta || {},
      ended_in_bidding: !!(d.auction_on && d.ended_in_bidding)
    };
  }
  function analyse() {
    var mine = ++asked;
    var sent = payload();
    root.setAttribute("aria-busy", "true");
    $("entry-status").textContent = T.working;
    fetch(root.getAttribute("data-analyse"), {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": root.getAttribute("data-csrf") },
      body: JSON.stringify(sent)
    }).then(function (response) {
      return response.json().then(function (body) { return { ok: response.ok, body: body }; });
    }).then(function (res) {
      if (mine !== asked) { return; }
      root.removeAttribute("aria-busy");
      $("entry-status").textContent = "";
      if (!res.ok) { analysis = null; showProblems([res.body.error || T.offline]); render(); return; }
      analysis = res.body;
      analysis.playsSent = draft.plays.length;
      analysis.stepsSent = sent.auction.length;
      if (sent.auction.length && analysis.auction) {  // the result is the auction's (server's)
        draft.declarer = analysis.auction.declarer;
        draft.passed = analysis.auction.passed;
        draft.bid = analysis.auction.bid;
        store();
      }
      showProblems((analysis.problems || []).map(function (p) { return p.message; }));
      render();
    }).catch(function () {
      if (mine !== asked) { return; }
      root.removeAttribute("aria-busy");
      $("entry-status").textContent = T.offline;
    });
  }
  function showProblems(list) {
    var box = $("entry-problems");
    box.hidden = !list.length;
    box.textContent = list.join(" ");
  }
  function fresh() { return analysis && analysis.playsSent === draft.plays.length; }

  // -- cards ------------------------------------------------------------------------------
  function cardLabel(token) { return data.cards[token].label; }
  function face(token) {
    var c = data.cards[token];
    return el("span", { "aria-hidden": "true", text: c.rank + c.symbol });
  }
  function cardButton(token, extra, note) {
    var c = data.cards[token];
    var b = el("button", {
      type: "button", cls: "card " + c.colour + (extra ? " " + extra : ""), "data-card": token,
      "aria-label": c.label + (note ? " (" + note + ")" : ""), title: c.label
    }, [face(token)]);
    return b;
  }
  function cardChip(token, extra, note) {
    var c = data.cards[token];
    return el("span", {
      cls: "card " + c.colour + (extra ? " " + extra : ""), role: "img", "data-card": token,
      "aria-label": c.label + (note ? " (" + note + ")" : ""), title: c.label + (note ? " (" + note + ")" : "")
    }, [face(token)]);
  }
  function listed() {
    var out = {};
    HOLDERS.forEach(function (h) { (draft.cards[h] || []).forEach(function (c) { out[c] = h; }); });
    return out;
  }
  // the cards played before a place of step 4 (after card n, or after the last one)
  function playedBefore(at) {
    var all = played(), out = {};
    var upto = at === "end" ? Infinity : (typeof at === "number" && at > 0 ? at : 0);
    Object.keys(all).forEach(function (c) { if (all[c] < upto) { out[c] = all[c]; } });
    return out;
  }
  function played() {
    var out = {};
    draft.plays.forEach(function (p, i) { out[p.card] = i; });
    // a second card put into a trick with a play (ISkO 4.2.6) left the hand with it
    draft.incidents.forEach(function (x) {
      var f = factOf(x.type);
      if (f && f.played) { (x.cards || []).forEach(function (c) { out[c] = x.at - 1; }); }
    });
    return out;
  }

  // -- rendering --------------------------------------------------------------------------
  function pressed(selector, attr, value) {
    root.querySelectorAll(selector).forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.getAttribute(attr) === String(value)));
    });
  }
  function render() {
    root.hidden = false;
    STEPS.forEach(function (s) {
      $("step-" + s).hidden = s !== draft.step;
    });
    root.querySelectorAll(".step-tab").forEach(function (b) {
      if (b.getAttribute("data-step") === draft.step) { b.setAttribute("aria-current", "step"); } else { b.removeAttribute("aria-current"); }
    });
    $("entry-undo").disabled = !undo.length;
    renderTable();
    renderContract();
    renderTricks();
    renderCards();
    renderIncidents();
    renderReview();
  }

  function renderTable() {
    pressed('[data-set="table_size"]', "data-value", draft.table_size);
    renderNames();
  }

  // -- the players' names: one field, in seat order, separated by commas ---------------------
  var namesRefused = null;  // a text whose names were not taken (shown until it is changed)
  function nameSeats() {  // at five or more the others sitting out too (ISkO 3.2.7)
    var out = draft.table_size >= 4 ? SEATS.concat(["dealer"]) : SEATS;
    for (var n = 1; n <= draft.table_size - 4; n++) { out = out.concat(["sitting_out_" + n]); }
    return out;
  }
  function namesText(players) {
    var names = nameSeats().map(function (s) { return players[s] || ""; });
    while (names.length && !names[names.length - 1]) { names.pop(); }
    return names.join(", ");
  }
  function renderNames() {
    var order = nameSeats();
    var input = $("names-all");
    $("names-label").textContent = fmt(T.names_order, { seats: order.map(function (s) { return data.seats[s]; }).join(", ") });
    var v = namesRefused !== null ? namesRefused : namesText(draft.players);
    if (input.value !== v && document.activeElement !== input) { input.value = v; }
    var seen = $("names-seen");
    seen.textContent = "";
    order.forEach(function (s) {
      if (!draft.players[s]) { return; }
      if (seen.childNodes.length) { seen.appendChild(document.createTextNode(" · ")); }
      seen.appendChild(el("span", { "data-seat": s, text: data.seats[s] + ": " + draft.players[s] }));
    });
    $("names-error").hidden = namesRefused === null;
    if (namesRefused !== null) { $("review-optional").open = true; }  // the error in sight
    renderOptionalSaid();
  }
  // the fold of what is optional says on its summary what it holds: nothing entered is
  // out of sight while it is closed
  function renderOptionalSaid() {
    var parts = [namesText(draft.players)];
    ["entry-event", "entry-table", "entry-note"].forEach(function (id) {
      var field = $(id);
      if (!field || !field.value.trim()) { return; }
      var label = field.labels && field.labels[0] ? field.labels[0].textContent + " " : "";
      parts.push((id === "entry-note" ? "" : label) + field.value.trim().slice(0, 40));
    });
    $("review-optional-said").textContent = parts.filter(function (x) { return x; }).join(" · ");
  }
  function takeNames(value) {
    var order = nameSeats();
    var names = value.split(",").map(function (n) { return n.trim().slice(0, 80); });
    while (names.length && !names[names.length - 1]) { names.pop(); }
    if (names.length > order.length) {
      namesRefused = value;
      $("names-error").textContent = fmt(T.names_too_many, { count: names.length, seats: order.length });
      render();
      return;
    }
    namesRefused = null;
    var players = {};
    order.forEach(function (s, i) { if (names[i]) { players[s] = names[i]; } });
    if (JSON.stringify(players) === JSON.stringify(draft.players)) { render(); return; }
    change(function (d) { d.players = players; });
  }

  function renderContract() {
    pressed('[data-set="declarer"]', "data-value", draft.passed ? "" : (draft.declarer || "-"));
    pressed('[data-set="game"]', "data-value", draft.game || "-");
    $("bid").value = draft.bid ? String(draft.bid) : "";
    ["hand", "schneider", "schwarz", "ouvert"].forEach(function (f) {
      $("flag-" + f).checked = !!draft[f];
      if (draft[f]) { $("announced").open = true; }  // an announcement made is never folded away
    });
    var on = !!draft.auction_on, stepped = on && (draft.auction || []).length > 0;
    $("auction-on").checked = on;
    $("auction").hidden = !on;
    root.querySelectorAll('[data-set="declarer"]').forEach(function (b) { b.disabled = stepped; });
    $("bid").disabled = stepped;
    // a game that ended in the bidding had no game declared: none can be chosen
    var ended = on && !!draft.ended_in_bidding;
    root.querySelectorAll('[data-set="game"]').forEach(function (b) { b.disabled = ended; });
    ["hand", "schneider", "schwarz", "ouvert"].forEach(function (f) { $("flag-" + f).disabled = ended; });
    if (on) { renderAuction(); }
  }

  // -- the auction step by step (entry_auction.py decides turns and irregular steps) ------
  function auctionView() {
    var steps = draft.auction || [];
    return analysis && analysis.stepsSent === steps.length ? analysis.auction : null;
  }
  function auctionSeat() {
    var steps = draft.auction || [], view = auctionView();
    return draft.auction_seat || (view ? view.next : (steps.length ? null : "middlehand"));
  }
  function renderAuction() {
    var steps = draft.auction || [], view = auctionView();
    pressed("[data-auction-seat]", "data-auction-seat", auctionSeat() || "-");
    var highest = 0;
    steps.forEach(function (s, i) {
      if (s.type === "bid" && !(view && view.flags[i]) && s.value > highest) { highest = s.value; }
    });
    var box = $("auction-bids");
    box.textContent = "";
    data.bids.filter(function (b) { return b > highest; }).slice(0, 12).forEach(function (b) {
      box.appendChild(el("button", { type: "button", cls: "choice", "data-auction": "bid", "data-value": String(b), text: String(b) }));
    });
    var list = $("auction-steps");
    list.textContent = "";
    steps.forEach(function (s, i) {
      var flagged = !!(view && view.flags[i]);
      var what = s.type === "bid" ? String(s.value) : (s.type === "hold" ? T.auction_hold : T.auction_pass);
      var li = el("li", { cls: flagged ? "flagged" : "", "data-auction-step": String(i) }, [
        el("span", { text: data.seats[s.seat] + ": " + what })
      ]);
      if (flagged) { li.appendChild(el("span", { cls: "flag-mark", text: " ⚠ " + T.auction_irregular })); }
      list.appendChild(li);
    });
    var res = "";
    if (view && steps.length) {
      if (view.over) {
        res = view.passed ? T.passed : fmt(T.auction_result, { seat: data.seats[view.declarer], bid: view.bid });
      } else {
        res = T.auction_open + " · " + fmt(T.auction_next, { seat: data.seats[view.next] });
      }
    }
    $("auction-result").textContent = res;
    $("auction-ended").checked = !!draft.ended_in_bidding;
  }
  // an incident during the bidding: after which of the steps entered (0: before them all)
  function stepText(k) {
    if (!k) { return T.auction_before; }
    var s = (draft.auction || [])[k - 1];
    var what = !s ? "" : s.type === "bid" ? String(s.value) : (s.type === "hold" ? T.auction_hold : T.auction_pass);
    return fmt(T.auction_after, { count: k }) + (s ? " (" + data.seats[s.seat] + ": " + what + ")" : "");
  }
  // a fact during the bidding, with the auction's steps entered, needs its place among them:
  // the referee chooses it (nothing is preselected: where a look at the skat came in the
  // auction changes the ruling, ISkO 3.3.9)
  function needsStep(x) {
    var f = factOf(x.type), at = f && f.at !== null ? f.at : x.at;  // some facts have their place
    return at === -1 && !!draft.auction_on && (draft.auction || []).length > 0 && (!f || f.steps);
  }
  function said(step) { return step !== undefined && step !== null; }
  function fillSteps(select, step) {
    var steps = draft.auction || [];
    select.textContent = "";
    select.appendChild(el("option", { value: "", text: T.auction_place_choose }));
    for (var k = 0; k <= steps.length; k++) { select.appendChild(el("option", { value: String(k), text: stepText(k) })); }
    select.value = said(step) ? String(Math.min(step, steps.length)) : "";
  }
  function renderStepPlace(inc) {
    $("inc-step-field").hidden = !needsStep(inc);
    fillSteps($("inc-step"), inc.step);
  }
  function addStep(type, value) {
    var seat = auctionSeat();
    if (!seat) { $("auction-result").textContent = T.need_seat; return; }
    change(function (d) {
      var step = { type: type, seat: seat };
      if (type === "bid") { step.value = value; }
      d.auction = (d.auction || []).concat([step]);
      d.auction_seat = null;
    });
  }

  function seatOf(i) {
    return fresh() && analysis.plays[i] ? analysis.plays[i].seat : null;
  }
  function flagOf(i) {
    if (!fresh()) { return null; }
    if ((analysis.infraction_plays || []).indexOf(i) >= 0) { return "infraction"; }
    return analysis.plays[i] ? analysis.plays[i].flag : null;
  }

  // the plays of each trick: the server's tricks (a trick taken without a seat's card has
  // two, ISkO 4.2.6), three by three until it has answered
  function groups() {
    if (fresh()) { return analysis.tricks.map(function (t) { return t.cards; }); }
    var out = [];
    for (var i = 0; i < draft.plays.length; i++) {
      if (i % 3 === 0) { out.push([]); }
      out[out.length - 1].push(i);
    }
    return out;
  }
  function trickNumber() {  // the trick the next card goes to
    if (fresh()) { return analysis.tricks.length + (analysis.led ? 0 : 1); }
    return Math.floor(draft.plays.length / 3) + 1;
  }

  function trickTable(onTap, chosen) {
    var wrap = el("div", { cls: "table-wrap" });
    var table = el("table", { cls: "entry-tricks" });
    table.appendChild(el("thead", {}, [el("tr", {}, [
      el("th", { scope: "col", text: T.trick_col }), el("th", { scope: "col", text: "" }),
      el("th", { scope: "col", text: T.winner_col }), el("th", { scope: "col", text: T.points_col })
    ])]));
    var body = el("tbody");
    groups().forEach(function (group, t) {
      var cells = el("td", { cls: "cards" });
      group.forEach(function (i) {
        var token = draft.plays[i].card;
        var seat = seatOf(i);
        var flag = flagOf(i);
        var note = flag ? T["flag." + flag] : "";
        var item = el("span", { cls: "played" + (flag ? " flag-" + flag : "") }, [
          el("span", { cls: "seat", text: seat ? data.short[seat] : "…" })
        ]);
        if (onTap) {
          var b = cardButton(token, (flag ? "flagged" : "") + (chosen === i ? " chosen" : ""), note);
          b.setAttribute("data-play", String(i));
          b.addEventListener("click", onTap);
          item.appendChild(b);
        } else {
          item.appendChild(cardChip(token, flag ? "flagged" : "", note));
        }
        if (flag) { item.appendChild(el("span", { cls: "flag-mark", "aria-hidden": "true", text: flag === "no_follow" ? "○" : "⚠" })); }
        cells.appendChild(item);
      });
      var info = fresh() && analysis.tricks[t] ? analysis.tricks[t] : null;
      body.appendChild(el("tr", { "data-trick": String(t + 1) }, [
        el("th", { scope: "row", text: String(t + 1) }), cells,
        el("td", { text: info && info.winner ? data.short[info.winner] : "" }),
        el("td", { text: info && info.winner ? String(info.points) : "" })
      ]));
    });
    table.appendChild(body);
    wrap.appendChild(table);
    return wrap;
  }

  function seatToPlay() {
    return draft.by || (fresh() ? analysis.to_play : null);
  }
  // the cards of the trick being built (seat over each card) and the seats still to play
  function renderTrickNow(over) {
    var box = $("trick-cards");
    box.textContent = "";
    var gs = groups(), open = fresh() ? !!analysis.led : draft.plays.length % 3 !== 0;
    var mine = open && gs.length ? gs[gs.length - 1] : [];
    mine.forEach(function (i) {
      var seat = seatOf(i);
      box.appendChild(el("span", { cls: "played" }, [
        el("span", { cls: "seat", text: seat ? data.short[seat] : "…" }), cardChip(draft.plays[i].card)
      ]));
    });
    if (!over) {
      var next = seatToPlay();
      for (var k = mine.length; k < 3; k++) {
        // the seats still to play, in turn from the one to play now
        var then = k === mine.length ? next
          : next && !draft.by && SEATS.indexOf(next) >= 0 ? SEATS[(SEATS.indexOf(next) + k - mine.length) % 3] : null;
        box.appendChild(el("span", { cls: "played" }, [
          el("span", { cls: "seat", text: then ? data.short[then] : "" }),
          el("span", { cls: "card empty", "aria-hidden": "true", text: "?" })
        ]));
      }
    }
    // the quick objection: after the last card entered, pinned to that card
    var n = draft.plays.length;
    root.querySelectorAll("[data-objection]").forEach(function (b) {
      var seat = b.getAttribute("data-objection");
      b.setAttribute("aria-pressed", String(draft.incidents.some(function (x) {
        return x.type === data.quick && x.seat === seat && x.at === n;
      })));
      b.disabled = n === 0;
    });
    var notes = [];
    draft.incidents.forEach(function (x) {
      if (x.type !== data.quick || typeof x.at !== "number" || x.at < 1) { return; }
      notes.push(fmt(T.objection_here, { seat: x.seat ? data.seats[x.seat] : T.nobody_said, card: cardLabel(draft.plays[x.at - 1].card) }));
    });
    if (data.prefill && !over && handCards().length) { notes.push(T.game_went_on); }
    $("trick-notes").textContent = notes.join(" · ");
  }
  function handCards() {
    var out = [];
    SEATS.forEach(function (h) { (draft.cards[h] || []).forEach(function (c) { out.push(c); }); });
    return out;
  }

  function renderTricks() {
    var n = draft.plays.length;
    var status = $("trick-status");
    status.textContent = "";
    // ten tricks taken: thirty cards, or fewer when one went without a seat's card (4.2.6)
    var over = n >= 30 || (fresh() && !analysis.to_play && analysis.tricks.length >= 10);
    if (over) {
      status.textContent = T.all_played;
    } else if (fresh() && analysis.to_play) {
      // the seat whose turn it is, also when the next card is entered as one out of turn
      var s = fmt(T.trick_status, { trick: trickNumber(), seat: data.seats[analysis.to_play] });
      if (analysis.led) { s += " · " + fmt(T.led, { card: cardLabel(analysis.led) }); }
      if (draft.by && draft.by !== analysis.to_play) { s += " · " + fmt(T.next_out_of_turn, { seat: data.seats[draft.by] }); }
      status.textContent = s;
    }
    renderTrickNow(over);
    pressed("[data-by]", "data-by", draft.by || "");
    var pool = $("play-pool");
    pool.textContent = "";
    var gone = played(), placed = listed();
    var follows = fresh() ? analysis.follows : ALL;
    var leading = fresh() ? !analysis.led : n % 3 === 0;
    var next = seatToPlay();
    if (!over) {
      ALL.forEach(function (token) {
        if (token in gone) { return; }
        // a card still in a hand is offered for the seat that holds it (the game went on)
        var holder = placed[token];
        if (holder && (holder === "skat" || !next || holder !== next)) { return; }
        var ok = leading || follows.indexOf(token) >= 0;
        var b = cardButton(token, ok ? "legal" : "nofollow", leading ? "" : (ok ? T.follows : T.not_follow));
        b.addEventListener("click", function () {
          change(function (d) {
            if (holder) { d.cards[holder].splice(d.cards[holder].indexOf(token), 1); }
            d.plays.push({ card: token, seat: d.by || null }); d.by = "";
          });
        });
        pool.appendChild(b);
      });
    }
    var list = $("trick-list");
    list.textContent = "";
    if (n) {
      list.appendChild(trickTable(null));
      var kinds = {};
      draft.plays.forEach(function (p, i) { var f = flagOf(i); if (f) { kinds[f] = true; } });
      if (kinds.no_follow) { list.appendChild(el("p", { cls: "small legend", text: T["legend.no_follow"] })); }
      if (kinds.revoke_proven || kinds.infraction) { list.appendChild(el("p", { cls: "small legend", text: T["legend.revoke"] })); }
    }
  }

  function deducedOf(h) {
    return fresh() && analysis.deduced ? analysis.deduced[h] || [] : [];
  }
  function roomOf(h) {
    var n = (draft.cards[h] || []).length;
    if (h !== "skat" && fresh()) {
      analysis.plays.forEach(function (p) { if (p.seat === h) { n += 1; } });
    } else if (h !== "skat") {
      return null;
    }
    return SIZES[h] - n;
  }
  function pickup() { return !!draft.declarer && !draft.hand; }

  // -- steps that have one sensible next action go on by themselves ------------------------
  function contractDone(d) { return !d.passed && !!d.declarer && !!d.bid && !!d.game; }
  // a change of the game step: the tap that completes declarer, bid and game goes on to the
  // tricks (one undo takes back the tap and the step together)
  function contractChange(fn) {
    var was = contractDone(draft);
    change(function (d) {
      fn(d);
      if (d.step === "contract" && !was && contractDone(d)) { d.step = "tricks"; }
    });
    if (draft.step !== "contract") { window.scrollTo(0, 0); }
  }
  // every card has its place, or all still open go to the one place with room left (the
  // server places them there by elimination)
  function dealDone(d) {
    var gone = played(), placed = {};
    HOLDERS.forEach(function (h) { (d.cards[h] || []).forEach(function (c) { placed[c] = h; }); });
    var open = ALL.filter(function (c) { return !(c in gone) && !(c in placed); }).length;
    if (!open) { return true; }
    var rooms = HOLDERS.map(roomOf);
    if (rooms.indexOf(null) >= 0) { return false; }
    var left = rooms.filter(function (r) { return r > 0; });
    return left.length === 1 && left[0] === open;
  }
  // after the hands: the incidents when none is entered yet, else the preview
  function afterCards(d) { return d.incidents.length ? "review" : "incidents"; }

  function renderCards() {
    var tabs = $("holder-tabs");
    tabs.textContent = "";
    var holders = HOLDERS.slice();
    if (pickup()) { holders.push("skat_dealt"); }
    if (holders.indexOf(draft.holder) < 0) { draft.holder = HOLDERS[0]; }
    holders.forEach(function (h) {
      var name = h === "skat" ? (pickup() ? T.skat_end : T.skat) : h === "skat_dealt" ? T.skat_dealt : data.seats[h];
      var room = h === "skat_dealt" ? null : roomOf(h);
      if (room !== null) { room -= deducedOf(h).length; }
      var note = h === "skat_dealt" ? " (" + T.optional + ")" : room === null ? "" : room <= 0 ? " ✓ " + T.complete : " · " + fmt(T.room_left, { count: room });
      var b = el("button", { type: "button", cls: "choice" + (room !== null && room <= 0 ? " done" : ""), "data-holder": h, "aria-pressed": String(draft.holder === h) }, [
        el("span", { text: name }), el("span", { cls: "room", text: note })
      ]);
      b.addEventListener("click", function () { change(function (d) { d.holder = h; }, true); });
      tabs.appendChild(b);
    });
    $("skat-dealt-hint").hidden = draft.holder !== "skat_dealt";
    var box = $("holders");
    box.textContent = "";
    holders.forEach(function (h) {
      var mine = h === "skat_dealt" ? draft.skat_dealt : draft.cards[h] || [];
      var name = h === "skat" ? (pickup() ? T.skat_end : T.skat) : h === "skat_dealt" ? T.skat_dealt : data.seats[h];
      var row = el("div", { cls: "holder" + (draft.holder === h ? " active" : ""), "data-holder": h }, [el("h3", { text: name })]);
      var cards = el("div", { cls: "cards" });
      mine.forEach(function (token) {
        var b = cardButton(token, "", fmt(T.remove_card, { card: "" }).trim());
        b.addEventListener("click", function () {
          change(function (d) {
            var list = h === "skat_dealt" ? d.skat_dealt : d.cards[h];
            list.splice(list.indexOf(token), 1);
          });
        });
        cards.appendChild(b);
      });
      var deduced = h === "skat_dealt" ? [] : deducedOf(h);
      deduced.forEach(function (token) { cards.appendChild(cardChip(token, "deduced", T.deduced)); });
      if (deduced.length) { cards.appendChild(el("span", { cls: "small", text: " " + T.deduced })); }
      row.appendChild(cards);
      box.appendChild(row);
    });
    var pool = $("card-pool");
    pool.textContent = "";
    var gone = played(), placed = listed();
    var candidates;
    if (draft.holder === "skat_dealt") {
      candidates = ALL.filter(function (c) {
        var seat = c in gone ? seatOf(gone[c]) : placed[c];
        return seat === draft.declarer || seat === "skat";
      }).filter(function (c) { return draft.skat_dealt.indexOf(c) < 0; });
    } else {  // a card placed by elimination has its place: it is no longer offered
      var byElimination = {};
      HOLDERS.forEach(function (h) { deducedOf(h).forEach(function (c) { byElimination[c] = h; }); });
      candidates = ALL.filter(function (c) { return !(c in gone) && !(c in placed) && !(c in byElimination); });
    }
    $("card-pool-title").hidden = !candidates.length;
    // a hand's room is known once the server has said who played each card: until then
    // its cards wait (a card placed blind could overfill the hand)
    var unknown = SEATS.indexOf(draft.holder) >= 0 && roomOf(draft.holder) === null;
    // every card of a suit still to place to the chosen place at once, when they fit there
    var all = $("suit-all");
    all.querySelectorAll("button").forEach(function (b) { all.removeChild(b); });
    var room = draft.holder === "skat_dealt" ? 2 - draft.skat_dealt.length : roomOf(draft.holder);
    var offered = 0;
    SUITS.forEach(function (suit) {
      var of = candidates.filter(function (c) { return c.charAt(0) === suit; });
      if (of.length < 2 || (room !== null && of.length > room)) { return; }
      var sym = data.cards[of[0]].symbol, colour = data.cards[of[0]].colour;
      if (unknown) { return; }
      var b = el("button", { type: "button", cls: "choice " + colour, "data-suit": suit,
        "aria-label": fmt(T.all_of_suit_label, { count: of.length, suit: sym }) }, [el("span", { text: sym + " ×" + of.length })]);  // a count: "♣ 7" read as the seven
      b.addEventListener("click", function () { placeAll(of); });
      all.appendChild(b);
      offered += 1;
    });
    all.hidden = !offered;
    candidates.forEach(function (token) {
      var b = cardButton(token, "", "");
      b.disabled = unknown;
      b.addEventListener("click", function () { place(token); });
      pool.appendChild(b);
    });
  }

  function place(token) {
    placeAll([token]);
  }
  // one change (one step to undo); the tap that completes the deal goes on to what follows
  function placeAll(tokens) {
    var was = dealDone(draft);
    change(function (d) {
      tokens.forEach(function (c) { placeInto(d, c); });
      if (d.step === "cards" && d.holder !== "skat_dealt" && !was && dealDone(d)) { d.step = afterCards(d); }
    });
    if (draft.step !== "cards") { window.scrollTo(0, 0); }
  }
  function placeInto(d, token) {
    var h = d.holder;
    if (h === "skat_dealt") {
      if (d.skat_dealt.length < 2) { d.skat_dealt.push(token); }
      return;
    }
    d.cards[h].push(token);
    var room = roomOf(h);
    if (room !== null && room <= 0) {
      // full: on to the place with the least room left, so that the place with the most
      // room is the one filled by elimination at the end
      var best = null, least = 99;
      HOLDERS.forEach(function (o) {
        var r = roomOf(o);
        if (o !== h && r !== null && r > 0 && r < least) { best = o; least = r; }
      });
      if (best) { d.holder = best; }
    }
  }

  function placeText(at) {
    if (at === -1) { return T.at_bidding; }
    if (at === -2) { return T.at_declaration; }
    if (at === 0) { return T.at_start; }
    if (at === "end" || at >= draft.plays.length) { return T.at_end; }
    var p = draft.plays[at - 1];
    var known = fresh() && analysis.plays[at - 1];
    return fmt(T.at_after, { card: cardLabel(p.card), trick: known ? known.trick : Math.floor((at - 1) / 3) + 1 });
  }

  function renderIncidents() {
    var inc = draft.inc;
    pressed("[data-incident]", "data-incident", inc.type || "-");
    // once chosen, what happened is one button (and one to choose another): what it needs
    // (the cards, the seat, the place) comes up into the first screen
    root.querySelectorAll("[data-incident]").forEach(function (b) {
      var k = b.getAttribute("data-incident");
      b.hidden = k ? !!inc.type && k !== inc.type : !inc.type;
    });
    pressed("[data-who]", "data-who", inc.seat || "-");
    // the dealer who sits out is a participant at a table of four only (ISkO 3.3.9, 3.5.4),
    // and only for what the chosen fact's declaration lets him do
    var chosenFact = factOf(inc.type), dealerMay = !chosenFact || chosenFact.dealer;
    root.querySelectorAll('[data-who="dealer"]').forEach(function (b) { b.hidden = draft.table_size < 4 || !dealerMay; });
    root.querySelectorAll('[data-who="sitting_out"]').forEach(function (b) { b.hidden = draft.table_size < 5 || !dealerMay; });
    pressed("[data-at]", "data-at", String(inc.at));
    renderControls(inc);
    renderStepPlace(inc);
    var places = $("place-list");
    places.textContent = "";
    var chosen = typeof inc.at === "number" && inc.at > 0 ? inc.at - 1 : null;
    if (draft.plays.length) {
      places.appendChild(trickTable(function (event) {
        var i = Number(event.currentTarget.getAttribute("data-play"));
        change(function (d) { d.inc.at = i + 1; }, true);
      }, chosen));
    }
    $("place-text").textContent = placeText(inc.at);
    // the place after a particular card: open when one is chosen or the incident needs one
    // (with no card entered there is none to tap, and the hint does not ask for one)
    $("place-after").hidden = !draft.plays.length;
    $("where-hint").hidden = !draft.plays.length;
    $("where-hint-none").hidden = !!draft.plays.length;
    var fact = factOf(inc.type), pool = cardControl(fact);
    if (chosen !== null || (fact && fact.after_card)) { $("place-after").open = true; }
    var expose = $("expose-pool");
    expose.textContent = "";
    $("incident-cards").hidden = !pool;
    $("pool-label").textContent = pool ? pool.label : "";
    if (pool) {
      // the cards of a fact that went into a trick are among those not played; a claim's
      // line among those not played before it; others (a card taken back, shown, drawn)
      // may be any card
      var gone = fact.unplayed ? played() : fact.held ? playedBefore(inc.at) : {};
      ALL.forEach(function (token) {
        var on = inc.cards.indexOf(token) >= 0;
        if (token in gone && !on) { return; }
        var b = cardButton(token, on ? "chosen" : "", "");
        b.setAttribute("aria-pressed", String(on));
        b.addEventListener("click", function () {
          change(function (d) {
            var k = d.inc.cards.indexOf(token);
            if (k >= 0) { d.inc.cards.splice(k, 1); } else if (pool.kind === "card") { d.inc.cards = [token]; } else { d.inc.cards.push(token); }
          }, true);
        });
        expose.appendChild(b);
      });
    }
    var list = $("incident-list");
    list.textContent = "";
    if (!draft.incidents.length) { list.appendChild(el("li", { cls: "small", text: T.none_yet })); }
    draft.incidents.forEach(function (x, k) {
      var f = factOf(x.type);
      var rm = el("button", { type: "button", cls: "button small", text: T.remove, "aria-label": T.remove + ": " + (f ? f.label : x.type) });
      rm.addEventListener("click", function () { change(function (d) { d.incidents.splice(k, 1); }); });
      var tools = [el("span", { text: factWords(x) + " " }), rm];
      (f ? f.controls : []).forEach(function (c) {  // a yes/no said afterwards (cards gathered)
        if (!c.toggle) { return; }
        var attrs = { type: "button", cls: "button small", "data-toggle": c.key, "aria-pressed": String(!!x[c.key]), text: c.label };
        attrs["data-" + c.key] = String(k);
        tools.push(el("button", attrs));
      });
      if (needsStep(x) && !said(x.step)) {  // entered without its place: chosen right here
        var id = "inc-step-" + k;
        var pick = el("select", { id: id, "data-list-step": String(k), "aria-label": T.auction_place + ": " + factWords(x) });
        fillSteps(pick, x.step);
        tools.push(el("span", { cls: "field list-step" + (said(x.step) ? "" : " invalid") }, [
          el("label", { "for": id, text: T.auction_place }), pick]));
      }
      list.appendChild(el("li", {}, tools));
    });
  }

  // -- the controls of the chosen fact, drawn from its declaration -------------------------
  var drawnFor;
  function optionText(c, value) {
    var hit = c.options.filter(function (o) { return o[0] === value; })[0];
    return hit ? hit[1] : String(value);
  }
  function controlNode(c) {
    var id = "inc-" + c.id;
    var attrs = { id: id, "data-control": c.key, "data-kind": c.kind };
    if (c.kind === "bool" && !c.ask) {
      attrs.type = "checkbox";
      attrs.cls = "inc-flag";
      attrs["data-flag-of"] = c.key;
      return el("div", { cls: "field check" }, [el("input", attrs), el("label", { "for": id, text: c.label })]);
    }
    var label = el("label", { "for": id, text: c.label });
    if (c.kind === "str") {
      attrs.autocomplete = "off";
      return el("div", { cls: "field" }, [label, el("input", attrs)]);
    }
    var options = c.ask ? c.options.slice() : c.kind === "trick" ? [] : c.kind === "seat"
      ? SEATS.map(function (s) { return [s, data.seats[s]]; }) : c.options.slice();
    if (c.kind === "trick") { for (var n = 1; n <= 10; n++) { options.push([String(n), String(n)]); } }
    if (c.unset) { options.unshift(["", c.unset]); }
    var select = el("select", attrs, options.map(function (o) { return el("option", { value: o[0], text: o[1] }); }));
    return el("div", { cls: "field" }, [label, select]);
  }
  function renderControls(inc) {
    var box = $("incident-extra"), f = factOf(inc.type);
    if (drawnFor !== inc.type) {
      drawnFor = inc.type;
      box.textContent = "";
      if (f) {
        f.controls.forEach(function (c) {
          if (c.kind !== "card" && c.kind !== "cards") { box.appendChild(controlNode(c)); }
        });
        if (f.hint) { box.appendChild(el("p", { cls: "hint", text: f.hint })); }
      }
    }
    (f ? f.controls : []).forEach(function (c) {
      var node = $("inc-" + c.id);
      if (!node) { return; }
      var v = inc[c.key];
      if (c.kind === "bool" && !c.ask) { node.checked = v === true; return; }
      if (c.kind === "str") { if (document.activeElement !== node) { node.value = v || ""; } return; }
      var first = node.options.length ? node.options[0].value : "";
      node.value = v === undefined || v === null ? first : String(v);
    });
  }
  // what the chosen fact's controls say, as the incident keeps it (a required field left
  // alone: its first choice; a yes/no asked: only when said)
  function controlValue(inc, c) {
    var v = inc[c.key];
    if (c.kind === "bool") {
      if (c.ask) { return v === "yes" ? true : v === "no" ? false : undefined; }
      return v === true ? true : undefined;
    }
    if (c.kind === "str") { return v ? String(v) : undefined; }
    if (c.kind === "trick") {
      if (v === undefined || v === null || v === "") { return c.optional ? undefined : 1; }
      return Number(v);
    }
    if (v === undefined || v === null || v === "") {
      if (c.optional) { return undefined; }
      return c.kind === "seat" ? SEATS[0] : c.options[0][0];
    }
    return v;
  }
  // the line of a fact in the list: what, who, where, then what its controls say
  function factWords(x) {
    var f = factOf(x.type);
    var words = (f ? f.label : x.type) + " · " + (x.seat ? data.seats[x.seat] : T.nobody_said) + " · " + placeText(x.at);
    var last = "";
    (f ? f.controls : []).forEach(function (c) {
      var v = x[c.key];
      if (c.kind === "card" || c.kind === "cards") {
        if (x.cards && x.cards.length) { words += " · " + x.cards.map(cardLabel).join(", "); }
        last = "cards";
        return;
      }
      if (v === undefined || v === null || v === "" || c.kind === "str") { return; }
      if (c.kind === "bool" && !c.ask) {
        if (v === true) { words += (last === "bool" || last === "word" ? " " : " · ") + c.label; last = "bool"; }
        return;
      }
      if (c.ask) { words += " · " + optionText(c, v ? "yes" : "no"); last = "ask"; return; }
      if (c.kind === "trick") { words += " · " + c.label + " " + v; last = "trick"; return; }
      if (c.kind === "seat") { words += " → " + data.seats[v]; last = "seat"; return; }  // at whom
      words += " · " + optionText(c, v);
      last = "word";
    });
    if (said(x.step) && needsStep(x)) { words += " · " + stepText(x.step); }
    return words;
  }

  function renderReview() {
    var box = $("review-ruling");
    box.textContent = "";
    var rec = $("review-record");
    rec.textContent = "";
    $("review-reasoning").textContent = "";
    var ready = !!(analysis && analysis.record && fresh());
    $("entry-record").value = ready ? JSON.stringify(analysis.record) : "";
    $("entry-send").disabled = !ready;
    $("submit-blocked").hidden = ready;
    if (!analysis) { return; }
    if (analysis.ruling) {
      var r = analysis.ruling;
      box.appendChild(el("h3", { text: T.ruling_title }));
      box.appendChild(el("p", { id: "entry-outcome", cls: "outcome", text: r.summary }));
      var inf = el("ul", { id: "entry-infractions" });
      r.infractions.forEach(function (i) {
        inf.appendChild(el("li", { text: i.kind + (i.seat ? " · " + i.seat : "") + " · " + i.status + (i.clauses.length ? " · " + i.clauses.join(", ") : "") }));
      });
      box.appendChild(inf);
      var steps = el("ol", { cls: "reasoning" });
      r.reasoning.forEach(function (s) { steps.appendChild(el("li", { text: s.text + (s.clauses.length ? " (" + s.clauses.join(", ") + ")" : "") })); });
      $("review-reasoning").appendChild(steps);
    } else if (analysis.knowledge) {
      var k = analysis.knowledge;
      var part = el("div", { id: "entry-knowledge", cls: "knowledge" }, [el("h3", { text: T.knowledge_title })]);
      part.appendChild(el("p", { cls: "verdict", text: k.verdict_text || "" }));
      [["needed", k.needed], ["decided", k.decided], ["possible", k.possible]].forEach(function (pair) {
        if (!pair[1] || !pair[1].length) { return; }
        part.appendChild(el("h4", { text: T[pair[0]] }));
        var ul = el("ul", { "data-list": pair[0] });
        pair[1].forEach(function (line) { ul.appendChild(el("li", { text: line })); });
        part.appendChild(ul);
      });
      box.appendChild(part);
    }
    if (analysis.record) {
      var d = analysis.record;
      rec.appendChild(el("h3", { text: T.record_title }));
      var hands = el("div", { cls: "deal" });
      HOLDERS.forEach(function (h) {
        var row = el("div", { cls: "hand" }, [el("h4", { text: h === "skat" ? T.skat : data.seats[h] + (d.players && d.players[h] ? " · " + d.players[h] : "") })]);
        var cards = el("div", { cls: "cards" });
        d.deal[h].forEach(function (c) { cards.appendChild(cardChip(c)); });
        row.appendChild(cards);
        hands.appendChild(row);
      });
      rec.appendChild(hands);
      var wrap = el("div", { cls: "table-wrap" });
      var table = el("table", { cls: "entry-events" }, [el("thead", {}, [el("tr", {}, [
        el("th", { scope: "col", text: "#" }), el("th", { scope: "col", text: T.what_col })
      ])])]);
      var body = el("tbody");
      (analysis.events || []).forEach(function (line, i) {
        body.appendChild(el("tr", {}, [el("td", { text: String(i) }), el("td", { text: line })]));
      });
      table.appendChild(body);
      wrap.appendChild(table);
      rec.appendChild(wrap);
    }
  }

  // -- input ------------------------------------------------------------------------------
  root.addEventListener("click", function (event) {
    var b = event.target.closest("button");
    if (!b || !root.contains(b)) { return; }
    if (b.hasAttribute("data-step") && b.classList.contains("step-tab")) {
      var s = b.getAttribute("data-step");
      change(function (d) { d.step = s; }, true);
      $("h-" + s).focus && $("h-" + s).scrollIntoView({ block: "nearest" });
    } else if (b.hasAttribute("data-goto")) {
      var g = b.getAttribute("data-goto");
      change(function (d) { d.step = g; }, true);
      window.scrollTo(0, 0);
    } else if (b.getAttribute("data-set") === "table_size") {
      var size = Number(b.getAttribute("data-value"));
      change(function (d) { d.table_size = size; });
    } else if (b.getAttribute("data-set") === "declarer") {
      var v = b.getAttribute("data-value");
      contractChange(function (d) { d.declarer = v || null; d.passed = !v; });
    } else if (b.getAttribute("data-set") === "game") {
      var game = b.getAttribute("data-value");
      contractChange(function (d) { d.game = game; });
    } else if (b.hasAttribute("data-auction-seat")) {
      var speaker = b.getAttribute("data-auction-seat");
      change(function (d) { d.auction_seat = speaker; }, true);
    } else if (b.hasAttribute("data-auction")) {
      addStep(b.getAttribute("data-auction"), Number(b.getAttribute("data-value")) || null);
    } else if (b.hasAttribute("data-by")) {
      var by = b.getAttribute("data-by");
      change(function (d) { d.by = by; }, true);
    } else if (b.hasAttribute("data-incident")) {
      var type = b.getAttribute("data-incident");
      // the trick list to tap a place in folds again (it opens for a place chosen in it and
      // for a second card in a trick): its cards do not push the new incident's out of sight
      $("place-after").open = false;
      $("incident-added").hidden = true;
      change(function (d) { d.inc.type = type; d.inc.cards = []; }, true);
    } else if (b.hasAttribute("data-who")) {
      var who = b.getAttribute("data-who");
      change(function (d) { d.inc.seat = d.inc.seat === who ? null : who; }, true);
      showAdd();
    } else if (b.hasAttribute("data-at")) {
      var at = b.getAttribute("data-at");
      change(function (d) { d.inc.at = at === "end" ? "end" : Number(at); }, true);
      showAdd();
    } else if (b.id === "incident-add") {
      addIncident();
    } else if (b.hasAttribute("data-objection")) {
      var by0 = b.getAttribute("data-objection"), at0 = draft.plays.length;
      change(function (d) {
        var k = -1;
        d.incidents.forEach(function (x, j) { if (x.type === data.quick && x.seat === by0 && x.at === at0) { k = j; } });
        if (k >= 0) { d.incidents.splice(k, 1); return; }
        d.incidents.push({ type: data.quick, seat: by0, at: at0 });
        // the objection stops the play: on to the cards still in the hands (a game that went
        // on returns with the step's tab)
        d.step = dealDone(d) ? "review" : "cards";
      });
      window.scrollTo(0, 0);
    } else if (b.hasAttribute("data-toggle")) {
      var said = b.getAttribute("data-toggle"), j0 = Number(b.getAttribute("data-" + said));
      change(function (d) { d.incidents[j0][said] = !d.incidents[j0][said]; });
    }
  });

  // opened, the choice of the seat out of turn lies at the foot of the first screen: it
  // comes into view (the cards above stay in sight)
  $("played-by").addEventListener("toggle", function () {
    if ($("played-by").open) { $("played-by").scrollIntoView({ block: "nearest" }); }
  });

  // what happened and who did it chosen: "Add", below them, comes into the phone's screen
  function showAdd() {
    if (draft.inc.type && (draft.inc.seat || data.seatless.indexOf(draft.inc.type) >= 0)) {
      $("incident-add").scrollIntoView({ block: "nearest" });
    }
  }

  function addIncident() {
    var inc = draft.inc;
    var f = factOf(inc.type);
    var err = $("incident-error");
    if (!f || (!inc.seat && data.seatless.indexOf(inc.type) < 0)) {
      err.hidden = false;
      err.textContent = f ? T.need_seat : factOf(data.quick).label + "?";
      return;
    }
    if (needsStep(inc) && !said(inc.step)) {  // no place assumed for it
      err.hidden = false;
      err.textContent = T.need_step;
      $("inc-step").focus();
      return;
    }
    err.hidden = true;
    change(function (d) {
      var x = { type: inc.type, seat: inc.seat, at: inc.at === "end" ? (pinned(inc.type) ? d.plays.length : "end") : inc.at };
      if (cardControl(f)) { x.cards = inc.cards.slice(); }
      f.controls.forEach(function (c) {
        if (c.kind === "card" || c.kind === "cards") { return; }
        var v = controlValue(inc, c);
        if (v !== undefined) { x[c.key] = v; }
      });
      if (f.at !== null) { x.at = f.at; }  // the bidding, after the skat, before the first card
      if (needsStep(x) && said(inc.step)) { x.step = inc.step; }  // among the steps
      d.incidents.push(x);
      d.inc = blankIncident();
    });
    // the list of facts is back: the screen shows its start, with what was entered above it
    var note = $("incident-added");
    note.textContent = fmt(T.added, { what: factWords(draft.incidents[draft.incidents.length - 1]) });
    note.hidden = false;
    note.scrollIntoView({ block: "start" });
  }

  root.addEventListener("change", function (event) {
    var t = event.target;
    if (t.id === "names-all") {
      takeNames(t.value);
    } else if (t.id === "bid") {
      var bid = t.value ? Number(t.value) : null;
      contractChange(function (d) { d.bid = bid; });
    } else if (t.id === "auction-on") {
      var stepwise = t.checked;
      change(function (d) { d.auction_on = stepwise; if (!d.auction) { d.auction = []; } });
      // on a phone the steps open below the first screen: they come into view
      if (stepwise) { $("auction").scrollIntoView({ block: "start" }); }
    } else if (t.id === "auction-ended") {
      var ended = t.checked;
      change(function (d) { d.ended_in_bidding = ended; });
    } else if (t.id === "auction-other") {
      var other = Number(t.value);
      t.value = "";
      if (other) { addStep("bid", other); }
    } else if (t.hasAttribute("data-flag")) {
      var flag = t.getAttribute("data-flag"), on = t.checked;
      change(function (d) { d[flag] = on; });
    } else if (t.id === "inc-step") {
      var k = t.value === "" ? null : Number(t.value);
      change(function (d) { d.inc.step = k; }, true);
      if (k !== null) { $("incident-error").hidden = true; }
    } else if (t.hasAttribute("data-list-step")) {  // the place of a fact already entered
      var j1 = Number(t.getAttribute("data-list-step")), k1 = t.value === "" ? null : Number(t.value);
      change(function (d) { if (k1 === null) { delete d.incidents[j1].step; } else { d.incidents[j1].step = k1; } });
    } else if (t.hasAttribute("data-control")) {  // a control of the chosen fact
      var key = t.getAttribute("data-control"), kind = t.getAttribute("data-kind");
      var value = t.type === "checkbox" ? t.checked : kind === "trick" && t.value ? Number(t.value) : t.value;
      change(function (d) { d.inc[key] = value; }, true);
    }
  });

  // what is typed into the fold of optional fields shows on its summary
  root.addEventListener("input", function (event) {
    if (["entry-event", "entry-table", "entry-note"].indexOf(event.target.id) >= 0) { renderOptionalSaid(); }
  });
  // a field the browser finds invalid on submitting is shown: its fold opens
  root.addEventListener("invalid", function (event) {
    for (var d = event.target.closest("details"); d; d = d.parentElement.closest("details")) { d.open = true; }
  }, true);

  // a submitted draft is kept aside once (in case the submission is refused) and cleared
  $("entry-submit").addEventListener("submit", function (event) {
    if (!$("entry-record").value) { event.preventDefault(); return; }
    if (root.hasAttribute("data-keep-draft")) { return; }  // an amendment: kept until it is heard
    try {
      window.localStorage.setItem(KEY + "-sent", JSON.stringify(draft));
      window.localStorage.removeItem(KEY);
      window.localStorage.removeItem(UNDO_KEY);
    } catch (e) { /* nothing kept */ }
  });

  render();
  analyse();
})();
