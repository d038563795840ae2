// polydocs: accessibility fixes for what Material's script builds at run time (axe-core rules
// scrollable-region-focusable and aria-dialog-name). `document$` is Material's page-load stream.
document$.subscribe(function () {
  document.querySelectorAll(".md-typeset__scrollwrap").forEach(function (region) {
    region.tabIndex = 0;
  });
  var dialog = document.querySelector(".md-search[role=dialog]");
  var input = document.querySelector(".md-search__input");
  if (dialog && input) {
    dialog.setAttribute("aria-label", input.getAttribute("aria-label") || "Search");
  }
});
