// polydocs: Material 9.8's partials/javascripts/base.html (MIT licence, (c) Martin Donath) as a file, so
// that the Content-Security-Policy allows no inline script; the scope comes from the script's data-scope.
__md_scope=new URL(document.currentScript.dataset.scope,location),__md_hash=e=>[...e].reduce(((e,_)=>(e<<5)-e+_.charCodeAt(0)),0),__md_get=(e,_=localStorage,t=__md_scope)=>JSON.parse(_.getItem(t.pathname+"."+e)),__md_set=(e,_,t=localStorage,a=__md_scope)=>{try{t.setItem(a.pathname+"."+e,JSON.stringify(_))}catch(e){}}
