"""twillc: optimal software pipelining and warp specialization for tile-level GPU loops."""

__version__ = "0.1.0"
