"""polydocs: multilingual technical documentation whose code is proven to run."""

__version__ = "0.1.0"
