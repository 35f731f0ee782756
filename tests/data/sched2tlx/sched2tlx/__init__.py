# pyre-strict
"""sched2tlx: lower modulo schedule graphs (JSON) to TLX Python source."""
