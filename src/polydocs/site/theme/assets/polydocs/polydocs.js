// polydocs: accessibility fixes for what Material's script builds at run time (axe-core rules
// scrollable-region-focusable and aria-dialog-name), click-to-load embeds and quizzes.
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
  // So is a quiz's check button: without JavaScript the explanations say which answer is right.
  document.querySelectorAll(".polydocs-embed-load[hidden], .polydocs-quiz-check[hidden]").forEach(function (button) {
    button.hidden = false;
  });
  codeBelowButtons();
});

// Material's copy button bar sits over a code block's top right corner, and a long line scrolls sideways
// beneath it: a block whose first line runs under the bar starts its code below the bar, as every block
// does on a phone (polydocs.css). Measured once Material made the bars, and again when the width changes.
function codeBelowButtons() {
  document.querySelectorAll("pre > .md-code__nav").forEach(function (nav) {
    var code = nav.parentElement.querySelector(":scope > code");
    if (!code) {
      return;
    }
    code.classList.remove("polydocs-code-below-buttons");
    var line = firstLine(code);
    var bar = nav.getBoundingClientRect();
    var shown = code.getBoundingClientRect();
    var right = Math.min(line.right, shown.right);
    if (line.width > 0 && right > bar.left && line.top < bar.bottom && line.bottom > bar.top) {
      code.classList.add("polydocs-code-below-buttons");
    }
  });
}

// The box of a code block's first line, up to its line break.
function firstLine(code) {
  var range = document.createRange();
  range.selectNodeContents(code);
  var walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
  for (var node = walker.nextNode(); node; node = walker.nextNode()) {
    var end = node.data.indexOf("\n");
    if (end >= 0) {
      range.setEnd(node, end);
      break;
    }
  }
  return range.getBoundingClientRect();
}

var widthChange = null;
window.addEventListener("resize", function () {
  clearTimeout(widthChange);
  widthChange = setTimeout(codeBelowButtons, 100);
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

// A quiz (markup/quiz.py): the reader's choice is right when it is exactly the set of right answers.
// The verdict goes to the fieldset's live region; the explanations of the chosen answers open.
document.addEventListener("click", function (event) {
  var button = event.target instanceof Element ? event.target.closest(".polydocs-quiz-check") : null;
  var quiz = button ? button.closest(".polydocs-quiz") : null;
  if (!quiz) {
    return;
  }
  var inputs = Array.prototype.slice.call(quiz.querySelectorAll("input"));
  var chosen = inputs.filter(function (input) { return input.checked; });
  var feedback = quiz.querySelector(".polydocs-quiz-feedback");
  quiz.classList.remove("polydocs-quiz--right", "polydocs-quiz--wrong");
  if (!chosen.length) {
    feedback.textContent = quiz.dataset.none;
    return;
  }
  var right = inputs.every(function (input) { return input.checked === (input.dataset.correct === "true"); });
  quiz.classList.add(right ? "polydocs-quiz--right" : "polydocs-quiz--wrong");
  feedback.textContent = right ? quiz.dataset.right : quiz.dataset.wrong;
  chosen.forEach(function (input) {
    var details = input.parentElement.querySelector("details");
    if (details) {
      details.open = true;
    }
  });
});
