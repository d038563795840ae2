// polydocs: the version selector and the old-version banner of a versioned build (site/versions.py).
// The links the page was built with already lead somewhere that exists; this script adds the versions
// built since (versions.json), follows a later change of the default version, and, when the reader
// picks a version, checks that version's pages.json: the same page in the same language, else that
// language's home, else the version's home. A file, not inline script, for the Content-Security-Policy.
(function () {
  var selector = document.querySelector(".polydocs-versions");
  if (!selector) {
    return;
  }
  var root = new URL(selector.dataset.root, location.href);
  var lang = selector.dataset.lang, page = selector.dataset.page, current = selector.dataset.current;
  var pagesOf = {};

  function json(url) {
    return fetch(url, { credentials: "same-origin" }).then(function (answer) {
      if (!answer.ok) throw new Error(answer.status);
      return answer.json();
    });
  }

  function target(version) {
    // The URL of this page in `version`, settled from the pages that version has.
    pagesOf[version] = pagesOf[version] || json(new URL(version + "/pages.json", root));
    return pagesOf[version].then(function (pages) {
      var urls = pages[lang];
      if (urls && urls.indexOf(page) >= 0) return new URL(version + "/" + lang + "/" + page, root);
      if (urls) return new URL(version + "/" + lang + "/", root);
      return new URL(version + "/", root);
    });
  }

  function follow(event) {
    var link = event.target instanceof Element ? event.target.closest("[data-version]") : null;
    if (!link || link.closest(".polydocs-versions, .polydocs-version-banner") === null) return;
    if (event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    target(link.dataset.version).then(
      function (url) { location.href = url.href; },
      function () { location.href = link.href; }  // no pages.json: the link as built
    );
  }
  document.addEventListener("click", follow);

  json(new URL("versions.json", root)).then(function (versions) {
    var list = selector.querySelector(".md-version__list");
    var shown = {};
    list.querySelectorAll("[data-version]").forEach(function (link) { shown[link.dataset.version] = true; });
    versions.forEach(function (entry) {
      if (shown[entry.version] || (entry.properties && entry.properties.hidden)) return;
      var item = document.createElement("li"), link = document.createElement("a");
      item.className = "md-version__item";
      link.className = "md-version__link polydocs-version-link";
      link.dataset.version = entry.version;
      link.href = new URL(entry.version + "/", root).href;
      link.textContent = entry.title || entry.version;
      item.appendChild(link);
      list.insertBefore(item, list.firstChild);
    });
    var banner = document.querySelector(".polydocs-version-banner");
    var marked = versions.filter(function (entry) { return entry.properties && entry.properties.default; });
    if (!banner || !marked.length) return;
    var fallback = marked[0].version;
    banner.hidden = fallback === current;
    var link = banner.querySelector("[data-version]");
    link.dataset.version = fallback;
    target(fallback).then(function (url) { link.href = url.href; }, function () {});
  }, function () {});
})();
