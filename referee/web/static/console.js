// The referee console's few scripts (no build step). Everything works without them:
// they add arrow-key stepping and swap the step-through section in place.
(function () {
  "use strict";

  var busy = false;
  var queued = [];  // steps asked for while a step was still loading

  function stepSection() { return document.getElementById("step"); }

  function step(rel) {
    if (busy) { queued.push(rel); return; }
    var link = stepSection() && stepSection().querySelector('.stepper a[rel="' + rel + '"]');
    if (link) { go(link.href, rel); }
  }

  function done() {
    busy = false;
    if (queued.length) { step(queued.shift()); }
  }

  // Replace the step-through section with the one of the page at `href` (no reload).
  function go(href, focusRel) {
    busy = true;
    fetch(href, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (response) {
        if (!response.ok) { throw new Error(response.status); }
        return response.text();
      })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById("step");
        var old = stepSection();
        if (!fresh || !old) { window.location.href = href; return; }
        old.replaceWith(fresh);
        history.replaceState(null, "", href);
        var again = fresh.querySelector('a[rel="' + focusRel + '"]') || fresh.querySelector(".position");
        if (again) { again.focus({ preventScroll: true }); }
        done();
      })
      .catch(function () { window.location.href = href; });
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest(".stepper a[rel]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
    event.preventDefault();
    step(link.getAttribute("rel"));
  });

  document.addEventListener("keydown", function (event) {
    var section = stepSection();
    if (!section || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select" || event.target.isContentEditable) { return; }
    var rel = event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : null;
    if (!rel) { return; }
    event.preventDefault();
    step(rel);
  });

  // Show an uploaded record in the text area, so the referee sees what is sent.
  document.addEventListener("change", function (event) {
    if (event.target.id !== "record_file" || !event.target.files.length) { return; }
    var area = document.getElementById("record");
    var reader = new FileReader();
    reader.onload = function () { if (area) { area.value = reader.result; } };
    reader.readAsText(event.target.files[0]);
  });
})();

// A sign-in link (console/signin_link.html): the token is in the address's fragment,
// which the browser never sends; put it into the form, clear it from the address bar
// (and the history), and send the form at once.
(function () {
  "use strict";
  var form = document.getElementById("link-sign-in");
  if (!form) { return; }
  var token = window.location.hash.replace(/^#/, "");
  if (!token) {
    document.getElementById("link-missing").hidden = false;
    document.getElementById("link-wait").hidden = true;
    return;
  }
  document.getElementById("link-token").value = token;
  history.replaceState(null, "", window.location.pathname + window.location.search);
  form.submit();
})();

// Written grounds of an appeal are kept on this device while the court moves between the
// tap form (amend) and the JSON form: both fields carry the same key (dispute, revision).
(function () {
  "use strict";
  document.querySelectorAll("textarea[data-keep]").forEach(function (area) {
    var key = area.getAttribute("data-keep");
    try {
      if (!area.value) { area.value = window.localStorage.getItem(key) || ""; }
      area.addEventListener("input", function () { window.localStorage.setItem(key, area.value); });
    } catch (e) { /* no storage: the field is as typed */ }
  });
})();
