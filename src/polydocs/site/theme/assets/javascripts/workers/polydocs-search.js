// polydocs: Material's search worker, run inside this one so that a reader's inflected or unaccented word
// finds the pages that hold the word (docs/languages.md, "Inflected and unaccented words"). Pages outside
// the source language name this file as their worker, with Material's own worker as `?worker=` (main.html).
//
// Material indexes each word as written and turns every query word into a prefix (`inferencia*`), and a
// prefix query never passes through lunr's stemmer; so turning Material's `stemmer` on makes whole words
// find nothing. Instead, each indexed word also gets its accent-folded form and its folded stems (the
// language's lunr stemmer, where lunr-languages has one), at the same positions, so results highlight the
// page's own word; a reader's word is searched as its folded prefix and, exactly, the stems of it the
// index holds; a result's terms are given back in the reader's words, and suggestions are pages' words.
//
// This file lives beside Material's worker on purpose: Material loads its lunr languages from `../lunr/`
// relative to the running worker's address; from anywhere else that load fails and search never starts.
(() => {
  "use strict"

  const SETUP = 0
  const QUERY = 2
  const RESULT = 3

  // Accents on Latin letters only: marks are the letters themselves in Devanagari, Thai or Japanese kana.
  const LATIN_ACCENTS = /(?<=[a-z])[\u0300-\u036f]+/g
  // Punctuation Material's separator leaves on a word (`compilación,`, `(inferencia)`).
  const EDGE_PUNCTUATION = /^[^\p{L}\p{N}\p{M}]+|[^\p{L}\p{N}\p{M}]+$/gu
  // lunr's query syntax: a part holding any of these is searched as typed.
  const QUERY_SYNTAX = /["+\-:^~*]/

  const fold = word => word.normalize("NFD").replace(LATIN_ACCENTS, "").normalize("NFC")
  const bare = word => word.replace(EDGE_PUNCTUATION, "")

  let stemmer = null                     // the lunr language's stemmer, once Material has loaded it
  let language = []                      // the index's lunr languages
  const pageWords = new Set()            // every word as the pages write it (suggestions are such words)
  const pageStems = new Set()            // the stems the index holds
  const formsOfWord = new Map()
  let query = []                         // the reader's words of the query being answered, with their forms

  function stemOf(word) {
    if (!stemmer || !word)
      return ""
    try {
      return String(stemmer(new self.lunr.Token(word, {})))
    } catch (error) {
      console.warn(`polydocs search: lunr's ${language[0]} stemmer failed on ${JSON.stringify(word)}`, error)
      stemmer = null
      return ""
    }
  }

  // A word's stems, accents folded: stemmed as written (the stemmer knows `-ción`, `-ção`) and stemmed
  // folded (a reader's `inferencias` is stemmed so, and must meet the page's `inferência`).
  function stemsOf(word) {
    const plain = bare(word)
    return [fold(stemOf(plain)), stemOf(fold(plain))].filter(Boolean)
  }

  // The forms an indexed word adds to the index besides itself: folded, and its stems.
  function indexForms(word) {
    let forms = formsOfWord.get(word)
    if (forms === undefined) {
      const stems = stemsOf(word)
      stems.forEach(stem => pageStems.add(stem))
      forms = [...new Set([fold(word), ...stems])].filter(form => form !== word)
      formsOfWord.set(word, forms)
    }
    return forms
  }

  function addForms(token) {
    const word = token.toString()
    pageWords.add(word)
    return [token, ...indexForms(word).map(form => token.clone(() => form))]
  }

  // Stems of the index that differ from `stem` in a final Latin vowel only: the stemmer leaves the
  // singular's and plural's vowels of an unaccented `-cao`/`-coes` (`execuca`, `execuco`).
  function vowelAlternates(stem) {
    if (stem.length < 5 || !/[aeiou]$/.test(stem))
      return []
    return [..."aeiou"].map(vowel => stem.slice(0, -1) + vowel).filter(other => pageStems.has(other))
  }

  // One part of the reader's query as lunr terms: its folded prefix, and the index's stems of it matched
  // exactly (`^1`, a neutral boost, keeps Material from making them prefixes too: a stem prefix such as
  // `us*` would find every word starting so).
  function searchForms(part) {
    const typed = part.toLowerCase()
    const word = bare(typed)
    if (!word || QUERY_SYNTAX.test(part))
      return null
    const prefix = fold(word)
    const stems = stemsOf(word).flatMap(stem => [stem, ...vowelAlternates(stem)])
    const exact = [...new Set(stems)].filter(stem => stem !== prefix && pageStems.has(stem))
    if (prefix === typed && exact.length === 0)
      return null
    return { word: typed, terms: [prefix, ...exact] }
  }

  function rewriteQuery(text) {
    query = []
    return text.split(/(\s+)/).map(part => {
      const forms = searchForms(part)
      if (!forms)
        return part
      query.push(forms)
      return forms.terms.map((term, index) => (index === 0 ? term : `${term}^1`)).join(" ")
    }).join("")
  }

  // Material's terms of a result (each lunr term: found or not) as the reader's words.
  function readersTerms(terms) {
    const words = {}
    for (const [term, found] of Object.entries(terms)) {
      const forms = query.find(forms => forms.terms.includes(term))
      const word = forms ? forms.word : term
      words[word] = words[word] || found
    }
    return words
  }

  // Material marks a word with the punctuation its separator leaves on it (`(compilación`, `inferencia:`):
  // that punctuation is moved out of the mark, an entity (`&quot;`) whole.
  const PUNCTUATION = "(?:&[a-z]+;|&#\\d+;|[^\\p{L}\\p{N}\\p{M}<>&])+"
  const MARK_OPENS_ON = new RegExp(`<mark>(${PUNCTUATION})`, "gu")
  const MARK_CLOSES_ON = new RegExp(`(${PUNCTUATION})</mark>`, "gu")
  const wordsMarked = html =>
    typeof html === "string" ? html.replace(MARK_OPENS_ON, "$1<mark>").replace(MARK_CLOSES_ON, "</mark>$1") : html

  function answer(message) {
    if (message.type !== RESULT)
      return message
    const items = message.data.items.map(group => group.map(item => ({
      ...item,
      title: wordsMarked(item.title),
      text: wordsMarked(item.text),
      terms: query.length ? readersTerms(item.terms) : item.terms,
    })))
    const data = { ...message.data, items }
    if (data.suggest && query.length)
      data.suggest = data.suggest.filter(term => pageWords.has(term))
    return { ...message, data }
  }

  // While Material builds its index, every builder's pipeline ends with `addForms`.
  async function setUp(material, event) {
    language = event.data.data.config.lang
    const builderAdd = self.lunr.Builder.prototype.add
    self.lunr.Builder.prototype.add = function (...args) {
      if (!this.polydocsForms) {
        stemmer = language.length === 1 && language[0] !== "en" ? self.lunr[language[0]]?.stemmer ?? null : null
        this.pipeline.add(addForms)
        this.polydocsForms = true
      }
      return builderAdd.apply(this, args)
    }
    try {
      await material(event)
    } finally {
      self.lunr.Builder.prototype.add = builderAdd
    }
  }

  // Material marks each position of each term a result matched, and a word and its forms share their
  // positions: marked twice, a word got its second mark at an offset the first had shifted (inside an
  // entity, possibly). A result keeps each position once, under the first term that has it. Only the
  // result's own objects are replaced: lunr's match data may hold the index's.
  function oncePerPosition(results) {
    for (const { matchData } of results) {
      const seen = {}
      for (const fields of Object.values(matchData.metadata))
        for (const [field, data] of Object.entries(fields)) {
          const marked = (seen[field] ??= new Set())
          const position = (data.position ?? []).filter(at => !marked.has(at) && marked.add(at))
          fields[field] = { ...data, position }
        }
    }
    return results
  }

  // Material's handler searches before it first waits, so the index answers inside this call.
  function answerQuery(material, event) {
    const search = self.lunr.Index.prototype.search
    self.lunr.Index.prototype.search = function (...args) {
      return oncePerPosition(search.apply(this, args))
    }
    try {
      return material({ data: { ...event.data, data: rewriteQuery(event.data.data) } })
    } finally {
      self.lunr.Index.prototype.search = search
    }
  }

  function listen(material) {
    return event => {
      if (event.data.type === SETUP)
        return setUp(material, event)
      if (event.data.type === QUERY)
        return answerQuery(material, event)
      return material(event)
    }
  }

  const worker = new URLSearchParams(self.location.search).get("worker")
  if (!/^search\.[0-9a-f]+\.min\.js$/.test(worker ?? ""))
    throw new Error(`polydocs search: ?worker= must name Material's search worker, not ${JSON.stringify(worker)}`)

  // Material's worker registers its message listener and posts its answers with the global functions
  // (whence the closure: a global `const` of either name would be what Material's script calls).
  const listenTo = self.addEventListener
  const post = self.postMessage
  self.addEventListener = (type, listener, ...options) =>
    listenTo.call(self, type, type === "message" ? listen(listener) : listener, ...options)
  try {
    importScripts(worker)
  } finally {
    self.addEventListener = listenTo
  }
  self.postMessage = (message, ...options) => post.call(self, answer(message), ...options)
  self.lunr.Pipeline.registerFunction(addForms, "polydocsForms")
})()
