// gmtool's shared player view: follows the fight through Server-Sent Events ("events", beside this page).
// Names are written as text (textContent), never as markup; the map's SVG comes escaped from gmtool.
"use strict";
(function () {
  const body = document.body;
  const say = (name) => body.dataset[name] || "";
  const $ = (id) => document.getElementById(id);
  let timerLimit = 0; // the GM's turn timer, in seconds (0: none)
  let turnStart = null;
  let shownMap = null;
  let source = null;

  function element(tag, className, text) {
    const made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined && text !== null) made.textContent = String(text);
    return made;
  }

  function track(t) {
    if (t.kind === "pips") {
      const pips = element("div", "pips");
      for (let n = 0; n < t.max; n += 1) pips.append(element("span", "tone-" + t.tone + (n < t.value ? " lit" : "")));
      return pips;
    }
    const bar = element("div", "bar");
    const fill = element("span", "tone-" + t.tone);
    fill.style.width = (t.max > 0 ? Math.min(t.value, t.max) / t.max * 100 : 0) + "%";
    bar.append(fill);
    return bar;
  }

  function place(row) {
    const item = element("li", (row.current ? "current " : "") + (row.done ? "done" : ""));
    item.append(element("span", "place", row.place + "."));
    item.append(element("span", "name", (row.current ? "\u25b6 " : "") + row.name));
    item.append(element("span", "score", row.score === null ? "" : row.score));
    if (row.note) item.append(element("span", "note", row.note));
    if (row.effects.length) item.append(element("span", "effects", row.effects.join(" \u00b7 ")));
    if (row.tracks.length) {
      const tracks = element("div", "tracks");
      row.tracks.forEach((t) => tracks.append(track(t)));
      item.append(tracks);
    }
    return item;
  }

  function show(message) {
    const feed = message.feed;
    $("heading").textContent = feed.heading;
    $("now").textContent = feed.now;
    $("roll").textContent = feed.roll;
    $("order").replaceChildren(...feed.rows.map(place));
    if (message.map !== null && message.map !== shownMap) { // null: the map has not changed
      const map = $("map");
      shownMap = message.map;
      map.innerHTML = message.map; // gmtool's own SVG, every text in it escaped
      map.hidden = !message.map;
      document.querySelector("main").classList.toggle("with-map", Boolean(message.map));
    }
    turnStart = Date.now() - message.elapsed;
    timerLimit = message.timer;
    tick();
    $("status").textContent = "";
    body.dataset.shown = message.seq;
  }

  function tick() {
    const timer = $("timer");
    if (!timerLimit || turnStart === null) { timer.hidden = true; return; }
    const seconds = Math.floor((Date.now() - turnStart) / 1000);
    const left = timerLimit - seconds;
    const shown = Math.abs(left);
    const clock = Math.floor(shown / 60) + ":" + String(shown % 60).padStart(2, "0");
    timer.textContent = (left >= 0 ? say("turn") : say("over")).replace("{time}", clock);
    timer.classList.toggle("over", left < 0);
    timer.hidden = false;
  }

  function connect() {
    source = new EventSource("events");
    source.onmessage = (event) => show(JSON.parse(event.data));
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) { // refused (a new link, the table full): try again later
        $("status").textContent = say("closed");
        source.close();
        setTimeout(connect, 5000);
      } else {
        $("status").textContent = say("lost"); // the browser reconnects by itself and catches up
      }
    };
  }

  setInterval(tick, 1000);
  connect();
})();
