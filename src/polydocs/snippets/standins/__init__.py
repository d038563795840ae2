"""Stand-ins: what a page's code loads from the Hub or the web, made locally so sessions run offline.

One module per concept; the pytest process imports the first group, the stand-in builder's subprocess
(`python -m polydocs.snippets.standins.build`) the second, the session process the third.

- `models.py`: the entry point (`stand_ins_for`, `ensure_stand_ins`), transformers model stand-ins'
  requests, overrides (`REGISTRY`) and remembered outcomes; `loads.py`: which Hub ids a session's code
  loads (`ast`); `datasets.py`: dataset stand-ins (specs in `data/datasets.yml`); `diffusers.py`: which
  diffusers pipeline family an id stands for; `builder_subprocess.py`: runs a builder and reads its answer.
- `build.py`: builds model stand-ins (`derive.py`: model type and tiny configuration, `files.py`:
  tokenizer and processors, `adapters.py`: peft adapters, `diffusers_build.py`: diffusers pipelines);
  `datasets_build.py`: builds dataset stand-ins.
- `login.py`: the Hub login inside a session; `web.py`: the offline web proxy answering image URLs;
  `web_images.py`: which URLs a session opens as images.
"""
