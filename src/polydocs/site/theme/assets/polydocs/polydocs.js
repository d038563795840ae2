// polydocs: accessibility fixes for what Material's script builds at run time (axe-core rules
// scrollable-region-focusable and aria-dialog-name), and click-to-load embeds.
// `document$` is Material's page-load stream.
document$.subscribe(function () {
  document.querySelectorAll(".md-typeset__scrollwrap").forEach(function (region) {
    region.tabIndex = 0;
  });
  var dialog = document.querySelector(".md-search[role=dialog]");
  var input = document.querySelector(".md-search__input");
  if (dialog && input) {
    dialog.setAttribute("aria-label", input.getAttribute("aria-label") || "Search");
  }
  // An embed's button is hidden in the HTML so that, without JavaScript, only its link shows.
  document.querySelectorAll(".polydocs-embed-load[hidden]").forEach(function (button) {
    button.hidden = false;
  });
});

// An embed's iframe waits in a <template>, so its host hears nothing until the reader asks for it.
// One listener on the document serves every embed of every page.
document.addEventListener("click", function (event) {
  var button = event.target instanceof Element ? event.target.closest(".polydocs-embed-load") : null;
  var template = button ? button.parentElement.querySelector("template") : null;
  if (!template) {
    return;
  }
  var content = template.content.cloneNode(true);
  var frame = content.querySelector("iframe");
  button.replaceWith(content);
  template.remove();
  // The button the reader pressed is gone: keep their place on the iframe that replaced it.
  if (frame) {
    frame.focus();
  }
});
