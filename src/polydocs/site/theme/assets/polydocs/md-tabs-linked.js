// polydocs: Material 9.8's partials/javascripts/content.html (MIT licence, (c) Martin Donath), first
// script, as a file, so that the Content-Security-Policy allows no inline script.
var tabs=__md_get("__tabs");if(Array.isArray(tabs))e:for(var set of document.querySelectorAll(".tabbed-set")){var labels=set.querySelector(".tabbed-labels");for(var tab of tabs)for(var label of labels.getElementsByTagName("label"))if(label.innerText.trim()===tab){var input=document.getElementById(label.htmlFor);input.checked=!0;continue e}}
