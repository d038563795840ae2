// polydocs: Material 9.8's partials/javascripts/content.html (MIT licence, (c) Martin Donath), second
// script, as a file, so that the Content-Security-Policy allows no inline script.
var target=document.getElementById(location.hash.slice(1));target&&target.name&&(target.checked=target.name.startsWith("__tabbed_"))
