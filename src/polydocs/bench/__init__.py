"""Benchmark harnesses whose results the site shows (torch.compile on a GPU), and their rendering.

Importing this package loads neither torch nor MkDocs: the site builder imports `polydocs.bench.render`
for every page, and the GPU machine runs `polydocs bench compile` from a plain checkout.
"""
